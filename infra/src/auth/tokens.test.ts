import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenService, createTokenVerifier } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const subject = {
  userId: 'u-1',
  email: 'ana@example.com',
  name: 'Ana',
  role: 'user',
  sessionVersion: 0,
} as const;
const at = (seconds: number) => () => seconds;

function encode(part: object): string {
  return Buffer.from(JSON.stringify(part)).toString('base64url');
}

describe('token service', () => {
  it('given a signed token, when verified, then the claims come back with exp in seconds', () => {
    const tokens = createTokenService({ secret, ttlSeconds: 3600, nowSeconds: at(1_000) });
    const claims = tokens.verify(tokens.sign(subject));
    expect(claims).toEqual({ ...subject, sessionVersion: 0, exp: 4_600 });
  });

  it('given the header, then the algorithm is the pinned HS256', () => {
    const token = createTokenService({ secret }).sign(subject);
    const header: unknown = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString(),
    );
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
  });

  it('given a token past its exp, when verified, then 401 saying expirado', () => {
    const token = createTokenService({ secret, ttlSeconds: 60, nowSeconds: at(1_000) }).sign(
      subject,
    );
    const later = createTokenVerifier({ secret, nowSeconds: at(1_061) });
    expect(() => later.verify(token)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => later.verify(token)).toThrow(/expirado/);
  });

  it('given a token verified before, when its exp passes, then the same verifier refuses it saying expirado', () => {
    let now = 1_000;
    const tokens = createTokenService({ secret, ttlSeconds: 60, nowSeconds: () => now });
    const token = tokens.sign(subject);
    expect(tokens.verify(token)).toMatchObject({ userId: 'u-1', exp: 1_060 });
    now = 1_059;
    expect(tokens.verify(token)).toMatchObject({ userId: 'u-1' });

    now = 1_060;

    expect(() => tokens.verify(token)).toThrow(/expirado/);
    expect(() => tokens.verify(token)).toThrow(/expirado/);
  });

  it('given alg none, when verified, then 401 Token inválido', () => {
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...subject, role: 'admin', exp: 9_999_999_999 })}.`;
    const verifier = createTokenVerifier({ secret });
    expect(() => verifier.verify(unsigned)).toThrow(/Token inválido/);
  });

  it('given a token signed with another key, then 401 Token inválido', () => {
    const forged = jwt.sign(
      { ...subject, role: 'admin' },
      'another-secret-which-is-also-long-enough',
      {
        algorithm: 'HS256',
        expiresIn: 60,
      },
    );
    expect(() => createTokenVerifier({ secret }).verify(forged)).toThrow(/Token inválido/);
  });

  it('given a valid token whose payload was edited to admin, then 401 Token inválido', () => {
    const token = createTokenService({ secret }).sign(subject);
    const [header, payload, signature] = token.split('.');
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${header}.${encode({ ...(claims as object), role: 'admin' })}.${signature}`;
    expect(() => createTokenVerifier({ secret }).verify(tampered)).toThrow(/Token inválido/);
  });

  it('given HS384 with the right key, then refused: only the pinned algorithm is accepted', () => {
    const other = jwt.sign(subject, secret, { algorithm: 'HS384', expiresIn: 60 });
    expect(() => createTokenVerifier({ secret }).verify(other)).toThrow(/Token inválido/);
  });

  it('given a correctly signed token without the claims the shop needs, then Token inválido', () => {
    const partial = jwt.sign({ userId: 'u-1' }, secret, { algorithm: 'HS256', expiresIn: 60 });
    expect(() => createTokenVerifier({ secret }).verify(partial)).toThrow(/Token inválido/);
  });

  it('given garbage, then Token inválido', () => {
    expect(() => createTokenVerifier({ secret }).verify('not-a-token')).toThrow(/Token inválido/);
  });

  it('given a short secret, then the service refuses to start', () => {
    expect(() => createTokenVerifier({ secret: 'short' })).toThrow(/at least 32/);
  });
});
