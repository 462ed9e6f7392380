import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountMessages, userStreamName } from '@quitute/contracts';
import { createPasswordHasher, type PasswordHasher } from '@quitute/infra/auth';
import {
  authenticateUser,
  completePasswordReset,
  registerUser,
  requestPasswordReset,
  sessionVersionsFromStreams,
} from './accounts';
import { createMemoryCommandStores } from '../shared/testing';

const context = () => ({
  commandId: randomUUID(),
  correlationId: 'test',
  occurredAt: '2026-11-22T12:00:00.000Z',
});
const older = createPasswordHasher({ N: 1024, r: 8, p: 1 });
const today = createPasswordHasher({ N: 2048, r: 8, p: 1 });

/** A hasher that counts the KDF runs it is asked for. */
function counting(inner: PasswordHasher) {
  const counted = { hashes: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => {
      counted.hashes += 1;
      return inner.hash(password);
    },
    verify: (password, hash) => inner.verify(password, hash),
    verifyAgainstDecoy: (password) => inner.verifyAgainstDecoy(password),
  };
  return { hasher, counted };
}

async function givenCustomer(passwords: PasswordHasher) {
  const store = createMemoryCommandStores();
  const email = 'ana@example.com';
  const { userId } = await registerUser(
    store,
    passwords,
    { email, name: 'Ana', password: 'Segredo123', role: 'user' },
    context(),
  );
  return { store, email, userId };
}

describe('password rehash on login', () => {
  it('given a hash made with older parameters, when the customer logs in, then the hash is replaced and the sessions stay', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const sessionVersion = sessionVersionsFromStreams(store);

    await authenticateUser(store, today, email, 'Segredo123', context());

    const events = await store.eventStore.readStream(userStreamName(userId));
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserPasswordRehashed']);
    expect(events[1]?.data['passwordHash']).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(await sessionVersion(userId)).toBe(0);
    const again = await authenticateUser(store, today, email, 'Segredo123', context());
    expect(again.user.userId).toBe(userId);
    expect(await store.eventStore.readStream(userStreamName(userId))).toHaveLength(2);
  });

  it('given a hash with older parameters, when a wrong password is tried, then nothing is appended', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await expect(authenticateUser(store, today, email, 'Errada123', context())).rejects.toThrow(
      accountMessages.invalidCredentials,
    );
    expect(await store.eventStore.readStream(userStreamName(userId))).toHaveLength(1);
  });
});

describe('reset confirm', () => {
  it('given a made-up or spent link, when confirmed, then refused without hashing the new password', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const { hasher, counted } = counting(older);

    const madeUp = `${userId}.${'a'.repeat(43)}`;
    await expect(
      completePasswordReset(store, hasher, madeUp, 'NovaSenha9', context()),
    ).rejects.toThrow(accountMessages.resetTokenInvalid);
    expect(counted.hashes).toBe(0);

    const issued = await requestPasswordReset(store, email, context());
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, hasher, issued.token, 'NovaSenha9', context());
    expect(counted.hashes).toBe(1);
    await expect(
      completePasswordReset(store, hasher, issued.token, 'Outra12345', context()),
    ).rejects.toThrow(accountMessages.resetTokenInvalid);
    expect(counted.hashes).toBe(1);
  });

  it('given a completed reset, then the session version is raised', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const issued = await requestPasswordReset(store, email, context());
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, older, issued.token, 'NovaSenha9', context());
    expect(await sessionVersionsFromStreams(store)(userId)).toBe(1);
    expect(await sessionVersionsFromStreams(store)(randomUUID())).toBeNull();
  });
});
