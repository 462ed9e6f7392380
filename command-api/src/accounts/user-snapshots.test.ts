import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { userStreamName } from '@quitute/contracts';
import type { EventStore, NewEvent } from '@quitute/infra/event-store';
import { cheapPasswords } from '@quitute/infra/testing';
import { createMemoryCommandStores } from '../shared/testing';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { silentLogger } from '@quitute/infra/logging';
import { snapshotVersion } from '../shared/snapshots';
import { findUserByEmail, loadUser, registerUser, runUserCommand } from './accounts';
import { userDecider } from './decider';
import { userSnapshotPolicy } from './user-snapshots';

const occurredAt = '2026-11-21T12:00:00.000Z';
const email = 'dona.benta@example.com';
/** Cheap parameters: the KDF is not what these tests are about. */
const passwords = cheapPasswords;

function preferencesChanged(userId: string, sms: boolean): NewEvent {
  return {
    id: randomUUID(),
    type: 'UserPreferencesChanged',
    data: { userId, notifications: { email: true, sms } },
    metadata: {
      correlationId: 'seed',
      causationId: 'seed',
      actorId: userId,
      actorRole: 'user',
      occurredAt,
    },
  };
}

/** Counts the events of user streams the accounts flows read. */
function countUserReads(store: EventStore): { count: number } {
  const counter = { count: 0 };
  const readStream = store.readStream.bind(store);
  store.readStream = async (...args) => {
    const events = await readStream(...args);
    if (args[0].startsWith('user-') && !args[0].startsWith('user-email-')) {
      counter.count += events.length;
    }
    return events;
  };
  return counter;
}

describe('user snapshots', () => {
  it('given a user with 1,500 preference changes and a reset requested (which snapshots the stream), when found by e-mail as login and reset requests do, then it reads one event of the stream and sees the same user', async () => {
    const stores = createMemoryCommandStores();
    const counter = countUserReads(stores.eventStore);
    const { userId } = await registerUser(
      stores,
      passwords,
      { email, name: 'Dona Benta', password: 'Segredo123', role: 'user' },
      { commandId: 'register', correlationId: 'register', occurredAt },
    );
    const toggles = Array.from({ length: 1_500 }, (_, n) =>
      preferencesChanged(userId, n % 2 === 0),
    );
    await stores.eventStore.appendToStream(userStreamName(userId), toggles);
    await runUserCommand(
      stores,
      userId,
      { type: 'RequestPasswordReset', email, tokenHash: 'a'.repeat(64), expiresAt: occurredAt },
      {
        commandId: 'reset',
        correlationId: 'reset',
        occurredAt,
        actorId: userId,
        actorRole: 'user',
      },
    );
    await vi.waitFor(async () =>
      expect(await stores.snapshotStore.read(userStreamName(userId))).toMatchObject({
        revision: 1_501,
      }),
    );
    counter.count = 0;

    const found = await findUserByEmail(stores, email);

    expect(counter.count).toBe(1);
    expect(found?.user).toMatchObject({
      userId,
      notifications: { email: true, sms: false },
      pendingResets: [{ tokenHash: 'a'.repeat(64), expiresAt: occurredAt }],
    });
  });

  it('given the state a user stream folds to, when snapshotted and read back, then the policy schema gives the same state', async () => {
    const stores = createMemoryCommandStores();
    const { userId } = await registerUser(
      stores,
      passwords,
      { email, name: 'Dona Benta', password: 'Segredo123', role: 'user' },
      { commandId: 'register', correlationId: 'register', occurredAt },
    );
    const toggles = Array.from({ length: 120 }, (_, n) => preferencesChanged(userId, n % 2 === 0));
    await stores.eventStore.appendToStream(userStreamName(userId), toggles);

    const found = await findUserByEmail(stores, email);

    await vi.waitFor(async () => {
      const snapshot = await stores.snapshotStore.read(userStreamName(userId));
      expect(userSnapshotPolicy.schema.parse(snapshot?.state)).toEqual(found?.user);
    });
  });

  it('given a snapshot written before accounts knew whether their e-mail is confirmed (user-1, no emailConfirmed), when the user is loaded, then it is folded from the events instead', async () => {
    const stores = createMemoryCommandStores();
    const { userId } = await registerUser(
      stores,
      passwords,
      { email, name: 'Dona Benta', password: 'Segredo123', role: 'user' },
      { commandId: 'register', correlationId: 'register', occurredAt },
    );
    const toggles = Array.from({ length: 120 }, (_, n) => preferencesChanged(userId, n % 2 === 0));
    await stores.eventStore.appendToStream(userStreamName(userId), [
      ...toggles,
      { ...preferencesChanged(userId, true), type: 'UserEmailConfirmed', data: { userId, email } },
    ]);
    const head = (await stores.eventStore.readStream(userStreamName(userId))).at(-1);
    if (!head) throw new Error('expected the stream');
    const older = createMemorySnapshotStore();
    await older.write(userStreamName(userId), {
      version: snapshotVersion({ version: 'user-1' }, userDecider.evolve),
      revision: head.revision,
      position: head.position,
      state: {
        status: 'active',
        userId,
        email,
        name: 'Nome de um snapshot antigo',
        phone: '',
        address: '',
        notifications: { email: true, sms: true },
        role: 'user',
        passwordHash: 'scrypt$antigo',
        pendingResets: [],
        sessionVersion: 0,
        endedSessions: [],
      },
    });

    const { state } = await loadUser(
      { eventStore: stores.eventStore, snapshotStore: older, logger: silentLogger },
      userId,
    );

    expect(state).toMatchObject({ name: 'Dona Benta', emailConfirmed: true });
  });
});
