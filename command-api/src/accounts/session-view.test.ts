import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '@quitute/infra/event-store';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import {
  cheapPasswords,
  expectPassedPagesFoldAsFollowing,
  recordingSubscriptionStarts,
} from '@quitute/infra/testing';
import type { CommandStores } from '../shared/handle-command';
import { withMemorySnapshots } from '../shared/testing';
import { registerUser, runUserCommand } from './accounts';
import { createSessionView, type SessionView } from './session-view';

const passwords = cheapPasswords;
const context = (actorId = 'test') => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId,
  actorRole: 'admin' as const,
  occurredAt: '2026-11-22T12:00:00.000Z',
});

/** The event store, counting the stream reads made through it. */
function countingStore(inner: EventStore) {
  const counted = { streamReads: 0 };
  const store: EventStore = {
    ...inner,
    readStream: (streamName, options) => {
      counted.streamReads += 1;
      return inner.readStream(streamName, options);
    },
  };
  return { store, counted };
}

/** The event store, whose subscriptions stop delivering while `hold()` lasts (a lagging view). */
function laggingStore(inner: EventStore) {
  let gate: Promise<void> | undefined;
  let open = (): void => {};
  const store: EventStore = {
    ...inner,
    subscribeToAll: (options) =>
      inner.subscribeToAll({
        ...options,
        onEvent: async (event) => {
          await gate;
          await options.onEvent(event);
        },
      }),
  };
  return {
    store,
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => {
      gate = undefined;
      open();
    },
  };
}

const views: SessionView[] = [];
afterEach(async () => {
  await Promise.all(views.splice(0).map((view) => view.stop()));
});

async function register(stores: CommandStores, email: string): Promise<string> {
  const { userId } = await registerUser(
    stores,
    passwords,
    { email, name: 'Ana', password: 'Segredo123', role: 'user' },
    context(),
  );
  return userId;
}

/** One instance of command-api over `eventStore`: its stores wired to its session view. */
async function instance(eventStore: EventStore) {
  const stores = withMemorySnapshots(eventStore);
  const view = createSessionView(stores);
  views.push(view);
  await view.start();
  return { stores: { ...stores, userWritten: view.wrote }, view };
}

describe('session view', () => {
  it('given users registered and changed among other streams, when a view takes the log as pages read by someone else and then starts, then it holds what a view that followed the log holds and follows it from the last page', async () => {
    const store = createMemoryEventStore();
    const stores = withMemorySnapshots(store);
    const ana = await register(stores, 'ana@example.com');
    await store.appendToStream('cart-1', [
      {
        id: randomUUID(),
        type: 'CartCleared',
        data: { userId: 'cart-1' },
        metadata: {
          correlationId: 'test',
          causationId: 'test',
          actorId: 'test',
          actorRole: 'user',
          occurredAt: '2026-11-22T12:00:00.000Z',
        },
      },
    ]);
    const bia = await register(stores, 'bia@example.com');
    await runUserCommand(stores, ana, { type: 'ChangeRole', role: 'admin' }, context());
    await runUserCommand(stores, bia, { type: 'ChangeRole', role: 'admin' }, context());

    await expectPassedPagesFoldAsFollowing(store, (eventStore) => {
      const view = createSessionView({ ...stores, eventStore });
      views.push(view);
      return view;
    });
  });

  it('given a view saved with a user and a role change since, when a new view restored from the save starts, then tokens are checked without a stream read and the change is seen', async () => {
    const { store, counted } = countingStore(createMemoryEventStore());
    const stores = withMemorySnapshots(store);
    const userId = await register(stores, 'ana@example.com');
    const { view } = await instance(store);
    const saved = view.capture();
    await runUserCommand(stores, userId, { type: 'ChangeRole', role: 'admin' }, context());
    const { store: watching, starts: from } = recordingSubscriptionStarts(store);
    const restored = createSessionView({ ...stores, eventStore: watching });
    views.push(restored);

    restored.restore(saved.position, JSON.parse(JSON.stringify(saved.entries)));
    await restored.start();
    const before = counted.streamReads;

    expect(from).toEqual([saved.position]);
    expect(saved.position).toBeGreaterThan(0);
    expect(restored.reached()).toBe(await store.headPosition());
    expect((await restored.lookup(userId))?.sessionVersion).toBe(1);
    expect(counted.streamReads).toBe(before);
  });

  it('given a registered user, when tokens are checked, then the answer costs no stream read', async () => {
    const { store, counted } = countingStore(createMemoryEventStore());
    const userId = await register(withMemorySnapshots(store), 'ana@example.com');
    const { view } = await instance(store);
    const before = counted.streamReads;

    expect((await view.lookup(userId))?.sessionVersion).toBe(0);
    expect((await view.lookup(userId))?.sessionVersion).toBe(0);

    expect(counted.streamReads).toBe(before);
  });

  it('given a registered user, when the checkout asks for her account, then her state (her e-mail) comes without a stream read', async () => {
    const { store, counted } = countingStore(createMemoryEventStore());
    const userId = await register(withMemorySnapshots(store), 'ana@example.com');
    const { view } = await instance(store);
    const before = counted.streamReads;

    expect(await view.userState(userId)).toMatchObject({
      status: 'active',
      email: 'ana@example.com',
    });

    expect(counted.streamReads).toBe(before);
  });

  it('given a deletion on this instance the view has not applied yet, when the account is asked for at once, then the stream answers: deleted', async () => {
    const lagging = laggingStore(createMemoryEventStore());
    const { stores, view } = await instance(lagging.store);
    const userId = await register(stores, 'ana@example.com');
    await vi.waitFor(async () => expect((await view.lookup(userId))?.sessionVersion).toBe(0));
    lagging.hold();

    await runUserCommand(
      stores,
      userId,
      { type: 'DeleteUser', requestedBy: 'an-admin' },
      context(),
    );

    try {
      expect((await view.userState(userId)).status).toBe('deleted');
    } finally {
      lagging.release();
    }
  });

  it('given a role change on this instance, when the old version is checked at once, then the new version answers', async () => {
    const lagging = laggingStore(createMemoryEventStore());
    const { stores, view } = await instance(lagging.store);
    const userId = await register(stores, 'ana@example.com');
    await vi.waitFor(async () => expect((await view.lookup(userId))?.sessionVersion).toBe(0));
    lagging.hold();

    await runUserCommand(stores, userId, { type: 'ChangeRole', role: 'admin' }, context());

    try {
      expect((await view.lookup(userId))?.sessionVersion).toBe(1);
    } finally {
      lagging.release();
    }
  });

  it('given a deletion on this instance, when checked at once, then no active user answers', async () => {
    const lagging = laggingStore(createMemoryEventStore());
    const { stores, view } = await instance(lagging.store);
    const userId = await register(stores, 'ana@example.com');
    await vi.waitFor(async () => expect((await view.lookup(userId))?.sessionVersion).toBe(0));
    lagging.hold();

    await runUserCommand(
      stores,
      userId,
      { type: 'DeleteUser', requestedBy: 'an-admin' },
      context(),
    );

    try {
      expect(await view.lookup(userId)).toBeNull();
    } finally {
      lagging.release();
    }
  });

  it('given a role change on another instance, when the subscription delivers it, then the new version answers', async () => {
    const eventStore = createMemoryEventStore();
    const { view } = await instance(eventStore);
    const other = await instance(eventStore);
    const userId = await register(other.stores, 'ana@example.com');

    await runUserCommand(other.stores, userId, { type: 'ChangeRole', role: 'admin' }, context());

    await vi.waitFor(async () => expect((await view.lookup(userId))?.sessionVersion).toBe(1));
  });

  it('given a user registered elsewhere the view has not seen, when checked, then the stream answers', async () => {
    const eventStore = createMemoryEventStore();
    const { view } = await instance(eventStore);
    await view.stop();
    const userId = await register(withMemorySnapshots(eventStore), 'ana@example.com');

    expect((await view.lookup(userId))?.sessionVersion).toBe(0);
    expect(await view.lookup(randomUUID())).toBeNull();
  });

  const signOut = (sessionId: string) =>
    ({
      type: 'SignOut',
      sessionId,
      expiresAt: '2026-11-23T00:00:00.000Z',
      now: '2026-11-22T12:00:00.000Z',
    }) as const;

  it("given 'Sair' on this instance, when that session is checked at once, then it is ended and the user's other session is not", async () => {
    const lagging = laggingStore(createMemoryEventStore());
    const { stores, view } = await instance(lagging.store);
    const userId = await register(stores, 'ana@example.com');
    await vi.waitFor(async () => expect((await view.lookup(userId))?.sessionVersion).toBe(0));
    lagging.hold();

    await runUserCommand(stores, userId, signOut('laptop'), context(userId));

    try {
      expect(await view.lookup(userId)).toEqual({ sessionVersion: 0, endedSessionIds: ['laptop'] });
    } finally {
      lagging.release();
    }
  });

  it("given 'Sair' on another instance, when the subscription delivers it, then this view knows the session ended", async () => {
    const eventStore = createMemoryEventStore();
    const { view } = await instance(eventStore);
    const other = await instance(eventStore);
    const userId = await register(other.stores, 'ana@example.com');

    await runUserCommand(other.stores, userId, signOut('phone'), context(userId));

    await vi.waitFor(async () =>
      expect((await view.lookup(userId))?.endedSessionIds).toEqual(['phone']),
    );
  });
});
