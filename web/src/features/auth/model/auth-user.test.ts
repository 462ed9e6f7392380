import { describe, expect, it } from 'vitest';
import { completeUser, readUserFields } from './auth-user';

const claims = {
  userId: 'u-1',
  email: 'token@example.com',
  name: 'Do Token',
  role: 'admin' as const,
};

describe('readUserFields', () => {
  it('given a login response, then userId becomes id', () => {
    expect(readUserFields({ userId: 'u-9', email: 'a@b.co', token: 't' })).toEqual({
      id: 'u-9',
      email: 'a@b.co',
    });
  });

  it('given fields of the wrong type, then they are left out', () => {
    expect(
      readUserFields({
        id: 3,
        email: '',
        phone: null,
        role: 'root',
        preferences: { notifications: { email: 'yes', sms: false } },
      }),
    ).toEqual({});
    expect(readUserFields('maria')).toEqual({});
  });
});

describe('completeUser (spec §3)', () => {
  it('given a complete user, then it as it is', () => {
    const user = {
      id: 'u-2',
      email: 'maria@example.com',
      name: 'Maria',
      phone: '11987654321',
      address: 'Rua A, 1',
      preferences: { notifications: { email: false, sms: true } },
      role: 'user' as const,
    };
    expect(completeUser(user, claims)).toEqual(user);
  });

  it("given missing id, email, name and role, then the token's userId, email, name and role", () => {
    expect(completeUser({ phone: '11987654321' }, claims)).toEqual({
      id: 'u-1',
      email: 'token@example.com',
      name: 'Do Token',
      phone: '11987654321',
      address: '',
      preferences: { notifications: { email: true, sms: false } },
      role: 'admin',
    });
  });

  it("given no role anywhere, then 'user'", () => {
    expect(completeUser({ id: 'u-3' }, {})?.role).toBe('user');
  });

  it('given no id in the user nor in the token, then no user', () => {
    expect(completeUser({ email: 'a@b.co' }, {})).toBeNull();
  });
});
