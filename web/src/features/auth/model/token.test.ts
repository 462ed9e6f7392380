import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../../testing/session';
import { decodeTokenPayload, isTokenUsable, readTokenClaims } from './token';

const now = Date.now();

describe('readTokenClaims', () => {
  it('given a JWT, then userId, email, name, role and exp from its base64url payload, accents included', () => {
    const token = fakeToken({
      userId: 'u-1',
      email: 'joao@example.com',
      name: 'João Conceição',
      role: 'admin',
    });
    expect(readTokenClaims(token)).toEqual({
      userId: 'u-1',
      email: 'joao@example.com',
      name: 'João Conceição',
      role: 'admin',
      exp: expect.any(Number),
    });
  });

  it('given claims of the wrong type or an unknown role, then they are left out', () => {
    expect(readTokenClaims(fakeToken({ userId: 7, role: 'root', name: '' }))).toEqual({
      exp: expect.any(Number),
    });
  });

  it.each([['not-a-jwt'], ['a.%%%.c'], ['a.bm90IGpzb24.c'], [`a.${btoa('[1,2]')}.c`]])(
    'given %s, then no claims',
    (token) => {
      expect(readTokenClaims(token)).toEqual({});
    },
  );

  it('given a payload without padding and with - and _, then it still decodes', () => {
    const payload = Buffer.from(JSON.stringify({ name: '>>>???' })).toString('base64url');
    expect(decodeTokenPayload(`x.${payload}.y`)).toEqual({ name: '>>>???' });
  });
});

describe('isTokenUsable (session start, spec §4)', () => {
  const valid = fakeToken({ userId: 'u-1' });

  it('given a string of at least 20 characters whose exp is in the future, then usable', () => {
    expect(isTokenUsable(valid, now)).toBe(true);
  });

  it.each([
    ['missing', null],
    ['not a string', 1234567890],
    ['shorter than 20 characters', 'a.eyJ4IjoxfQ.b'],
    ['expired', fakeToken({ userId: 'u-1' }, -1)],
    [
      'without exp',
      `${valid.split('.')[0]}.${Buffer.from('{"userId":"u-1"}').toString('base64url')}.assinatura`,
    ],
    ['not a JWT', 'x'.repeat(40)],
  ])('given a token that is %s, then not usable', (_label, token) => {
    expect(isTokenUsable(token, now)).toBe(false);
  });

  it('given exp exactly now, then expired', () => {
    const exp = Math.floor(now / 1000);
    const token = `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.assinatura-longa`;
    expect(isTokenUsable(token, exp * 1000)).toBe(false);
    expect(isTokenUsable(token, exp * 1000 - 1)).toBe(true);
  });
});
