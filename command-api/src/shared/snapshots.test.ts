import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryEventStore,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { createMemorySnapshotStore, type SnapshotStore } from '@quitute/infra/snapshot-store';
import { z } from 'zod';
import { decideOnRemembered } from './command-wrappers';
import type { Decider } from './decider';
import { commandStream, readAggregate, type CommandContext } from './handle-command';
import { snapshotted, snapshotVersion, type SnapshotPolicy } from './snapshots';

/** A tally: the smallest aggregate whose state tells whether every event was folded once. */
interface Tally {
  total: number;
  count: number;
}
type TallyEvent = { type: 'Added'; data: { amount: number } };
type TallyCommand =
  | { type: 'Add'; amount: number }
  | { type: 'Check' }
  /** Adds what makes the total `total`; nothing when it already is. */
  | { type: 'SetTotal'; total: number }
  /** Adds `amount`, refused when the total would pass `cap`. */
  | { type: 'AddCapped'; amount: number; cap: number };

const tallyDecider: Decider<Tally, TallyCommand, TallyEvent> = {
  initialState: { total: 0, count: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.amount, count: state.count + 1 }),
  decide: (command, state) => {
    switch (command.type) {
      case 'Add':
        return [{ type: 'Added', data: { amount: command.amount } }];
      case 'Check':
        return [];
      case 'SetTotal':
        return command.total === state.total
          ? []
          : [{ type: 'Added', data: { amount: command.total - state.total } }];
      case 'AddCapped':
        if (state.total + command.amount > command.cap) throw new Error('over the cap');
        return [{ type: 'Added', data: { amount: command.amount } }];
    }
  },
};
/** The tally folded by another evolve (a release that changed it) under the same policy version. */
const doubling: typeof tallyDecider = {
  ...tallyDecider,
  evolve: (state, event) => ({
    total: state.total + 2 * event.data.amount,
    count: state.count + 1,
  }),
};
const parseTally = (recorded: RecordedEvent): TallyEvent | null => {
  const amount = recorded.data['amount'];
  return recorded.type === 'Added' && typeof amount === 'number'
    ? { type: 'Added', data: { amount } }
    : null;
};
const policy: SnapshotPolicy<Tally> = {
  version: 'tally-1',
  schema: z.object({ total: z.number(), count: z.number() }),
  every: 100,
};

const streamName = 'tally-1';
const context = (): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'corr-1',
  actorId: 'user-1',
  actorRole: 'user',
  occurredAt: '2026-11-21T12:00:00.000Z',
});
const added = (amount: number): NewEvent => ({
  id: randomUUID(),
  type: 'Added',
  data: { amount },
  metadata: { ...context(), causationId: 'seed' },
});

/** The event store, counting the events it hands out. */
function countingStore(inner: EventStore = createMemoryEventStore()) {
  const counter = { eventsRead: 0, reads: 0 };
  const store: EventStore = {
    appendToStream: (...args) => inner.appendToStream(...args),
    readAll: (...args) => inner.readAll(...args),
    subscribeToAll: (options) => inner.subscribeToAll(options),
    headPosition: () => inner.headPosition(),
    settledPosition: () => inner.settledPosition(),
    close: () => inner.close(),
    async readStream(...args) {
      const events = await inner.readStream(...args);
      counter.eventsRead += events.length;
      counter.reads += 1;
      return events;
    },
  };
  return { store, counter };
}

/** Amounts 1..count: their total is count·(count+1)/2. */
async function seed(store: EventStore, count: number, from = 1): Promise<void> {
  const events = Array.from({ length: count }, (_, index) => added(from + index));
  await store.appendToStream(streamName, events);
}
const totalUpTo = (n: number) => (n * (n + 1)) / 2;

/** Snapshots kept in `store` (and this process's memory of it), failures told to `logger`. */
function snapshotsIn(store: SnapshotStore, logger = { warn: vi.fn() }) {
  return { snapshotStore: store, logger };
}

/** The tally's stream, snapshotted in `snapshots`, folded by `decider` (tallyDecider). */
const tally = (
  store: EventStore,
  snapshots: ReturnType<typeof snapshotsIn>,
  decider: typeof tallyDecider = tallyDecider,
) => snapshotted(commandStream(store, streamName, decider, parseTally), snapshots, policy);

/** Runs a command on the tally as the cart and the accounts do: on what this process remembers first. */
const run = (
  store: EventStore,
  snapshots: ReturnType<typeof snapshotsIn>,
  command: TallyCommand,
  decider: typeof tallyDecider = tallyDecider,
) => decideOnRemembered(tally(store, snapshots, decider), command, context());

const add = (store: EventStore, snapshots: ReturnType<typeof snapshotsIn>, amount: number) =>
  run(store, snapshots, { type: 'Add', amount });

const storedVersion = snapshotVersion(policy, tallyDecider.evolve);

describe('snapshotted', () => {
  it('given 1,000 events and no snapshot, when a command runs, then it folds them all and a snapshot of the new state is written', async () => {
    const { store } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 1_000);

    const result = await add(store, snapshotsIn(snapshotStore), 1_001);

    expect(result.state).toEqual({ total: totalUpTo(1_001), count: 1_001 });
    await vi.waitFor(async () =>
      expect(await snapshotStore.read(streamName)).toEqual({
        version: storedVersion,
        revision: 1_000,
        position: result.position,
        state: { total: totalUpTo(1_001), count: 1_001 },
      }),
    );
  });

  it('given 1,000 events snapshotted and 5 more, when a command runs, then it reads only the snapshot’s own event and the 5 after it', async () => {
    const { store, counter } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 1_000);
    await add(store, snapshotsIn(snapshotStore), 1_001);
    await vi.waitFor(async () => expect(await snapshotStore.read(streamName)).not.toBeNull());
    await seed(store, 5, 1_002);
    counter.eventsRead = 0;

    const result = await add(store, snapshotsIn(snapshotStore), 1_007);

    expect(counter.eventsRead).toBe(6);
    expect(result.state).toEqual({ total: totalUpTo(1_007), count: 1_007 });
    expect(result.revision).toBe(1_006);
  });

  it('given a snapshot of another version, when a command runs, then it is ignored, the whole stream is folded and the snapshot is rebuilt', async () => {
    const { store, counter } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 150);
    const [at149] = await store.readStream(streamName, { fromRevision: 149 });
    await snapshotStore.write(streamName, {
      version: 'tally-0/old',
      revision: 149,
      position: at149?.position ?? 0,
      state: { total: -1, count: -1 },
    });
    counter.eventsRead = 0;

    const result = await add(store, snapshotsIn(snapshotStore), 151);

    expect(counter.eventsRead).toBe(150);
    expect(result.state).toEqual({ total: totalUpTo(151), count: 151 });
    await vi.waitFor(async () =>
      expect(await snapshotStore.read(streamName)).toMatchObject({
        version: storedVersion,
        revision: 150,
      }),
    );
  });

  it('given a snapshot taken by another evolve under the same policy version, when a command runs, then it is ignored', async () => {
    const { store } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 150);
    await run(store, snapshotsIn(snapshotStore), { type: 'Check' }, doubling);
    await vi.waitFor(async () => expect(await snapshotStore.read(streamName)).not.toBeNull());

    const result = await add(store, snapshotsIn(snapshotStore), 151);

    expect(result.state).toEqual({ total: totalUpTo(151), count: 151 });
  });

  it.each([
    ['beyond the end of the stream (the stream was recreated)', 5_000, 9_999],
    ['whose revision now holds another event', 4, 12_345],
  ])(
    'given a snapshot %s, when a command runs, then it is ignored',
    async (_case, revision, position) => {
      const { store } = countingStore();
      const snapshotStore = createMemorySnapshotStore();
      await seed(store, 10);
      await snapshotStore.write(streamName, {
        version: storedVersion,
        revision,
        position,
        state: { total: -1, count: -1 },
      });

      const result = await add(store, snapshotsIn(snapshotStore), 11);

      expect(result.state).toEqual({ total: totalUpTo(11), count: 11 });
      expect(result.revision).toBe(10);
    },
  );

  it('given fewer new events than `every` since the last snapshot, when a command runs, then no snapshot is written', async () => {
    const { store } = countingStore();
    const write = vi.fn(async () => {});
    const snapshotStore: SnapshotStore = { read: async () => null, write, close: async () => {} };
    await seed(store, 50);

    await add(store, snapshotsIn(snapshotStore), 51);
    await new Promise((resolve) => setImmediate(resolve));

    expect(write).not.toHaveBeenCalled();
  });

  it('given a snapshot store that fails to write, when a command runs, then the command succeeds and the failure is logged', async () => {
    const { store } = countingStore();
    const logger = { warn: vi.fn() };
    const snapshotStore: SnapshotStore = {
      read: async () => null,
      write: async () => {
        throw new Error('disk full');
      },
      close: async () => {},
    };
    await seed(store, 200);

    const result = await add(store, snapshotsIn(snapshotStore, logger), 201);

    expect(result.state).toEqual({ total: totalUpTo(201), count: 201 });
    await vi.waitFor(() =>
      expect(logger.warn).toHaveBeenCalledWith(
        expect.objectContaining({ streamName }),
        'snapshot not written',
      ),
    );
  });

  it('given a snapshot store that fails to read, when a command runs, then it folds the whole stream', async () => {
    const { store } = countingStore();
    const logger = { warn: vi.fn() };
    const snapshotStore: SnapshotStore = {
      read: async () => {
        throw new Error('connection reset');
      },
      write: async () => {},
      close: async () => {},
    };
    await seed(store, 120);

    const result = await add(store, snapshotsIn(snapshotStore, logger), 121);

    expect(result.state).toEqual({ total: totalUpTo(121), count: 121 });
    expect(logger.warn).toHaveBeenCalledWith(expect.anything(), 'snapshot not read');
  });

  it('given a stream shorter than `every` this process has not folded yet, when a command runs, then one read of the stream and no snapshot lookup', async () => {
    const { store, counter } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    const lookups = vi.spyOn(snapshotStore, 'read');
    await seed(store, 20);
    counter.reads = 0;

    const result = await add(store, snapshotsIn(snapshotStore), 21);

    expect(result.state).toEqual({ total: totalUpTo(21), count: 21 });
    expect(counter.reads).toBe(1);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('given two commands loading the same snapshotted stream at once, when both append, then exactly one fails with WrongExpectedRevisionError', async () => {
    const inner = createMemoryEventStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(inner, 300);
    await add(inner, snapshotsIn(snapshotStore), 301);
    await vi.waitFor(async () => expect(await snapshotStore.read(streamName)).not.toBeNull());
    // A process that has not folded the stream yet: both commands load from the snapshot.
    const fresh: SnapshotStore = {
      read: (name) => snapshotStore.read(name),
      write: (...args) => snapshotStore.write(...args),
      close: () => snapshotStore.close(),
    };
    // Both commands read before either appends.
    let release: () => void = () => {};
    const bothRead = new Promise<void>((resolve) => {
      let reads = 0;
      release = () => {
        reads += 1;
        if (reads === 2) resolve();
      };
    });
    const racing: EventStore = {
      ...countingStore(inner).store,
      async readStream(...args) {
        const events = await inner.readStream(...args);
        release();
        await bothRead;
        return events;
      },
    };

    const results = await Promise.allSettled([
      add(racing, snapshotsIn(fresh), 302),
      add(racing, snapshotsIn(fresh), 303),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((result) => result.status === 'rejected');
    expect(failed?.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await inner.readStream(streamName, { fromRevision: 301 })).toHaveLength(1);
  });

  it('given a read-only load of a long stream without a snapshot, when read, then a snapshot is written for the next one', async () => {
    const { store, counter } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 500);
    const read = () => readAggregate(tally(store, snapshotsIn(snapshotStore)));

    expect((await read()).state).toEqual({ total: totalUpTo(500), count: 500 });
    await vi.waitFor(async () =>
      expect(await snapshotStore.read(streamName)).toMatchObject({ revision: 499 }),
    );
    counter.eventsRead = 0;

    const again = await read();

    expect(again.state).toEqual({ total: totalUpTo(500), count: 500 });
    expect(counter.eventsRead).toBe(1);
  });
});

/** The snapshot store, counting its reads. */
function countingSnapshots(inner: SnapshotStore = createMemorySnapshotStore()) {
  const counter = { reads: 0 };
  const store: SnapshotStore = {
    read: async (name) => {
      counter.reads += 1;
      return inner.read(name);
    },
    write: (...args) => inner.write(...args),
    close: () => inner.close(),
  };
  return { store, counter };
}

describe('decideOnRemembered, after this process folded the stream', () => {
  it('given a command just ran on the stream, when the next one runs, then it decides on the remembered state: neither snapshot nor stream is read', async () => {
    const { store, counter } = countingStore();
    const snapshots = countingSnapshots();
    await seed(store, 30);
    await add(store, snapshotsIn(snapshots.store), 31);
    counter.eventsRead = 0;
    snapshots.counter.reads = 0;

    const result = await add(store, snapshotsIn(snapshots.store), 32);

    expect(snapshots.counter.reads).toBe(0);
    expect(counter.eventsRead).toBe(0);
    expect(result.state).toEqual({ total: totalUpTo(32), count: 32 });
    expect(await store.readStream(streamName)).toHaveLength(32);
  });

  it('given events another replica appended since, when the next command runs, then they are folded on top', async () => {
    const { store } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await add(store, snapshotsIn(snapshotStore), 1);
    await seed(store, 5, 2);

    const result = await add(store, snapshotsIn(snapshotStore), 7);

    expect(result.state).toEqual({ total: totalUpTo(7), count: 7 });
    expect(result.revision).toBe(6);
  });

  it('given the stream was recreated since (its remembered event is another), when a command runs, then the remembered state is ignored', async () => {
    const snapshotStore = createMemorySnapshotStore();
    const first = createMemoryEventStore();
    await seed(first, 10);
    await add(first, snapshotsIn(snapshotStore), 11);
    // The same stream name in a store that holds other events (a restore, a recreated stream).
    const second = createMemoryEventStore();
    await seed(second, 3, 101);
    await second.appendToStream('other', [added(0)]);
    await seed(second, 12, 104);

    const result = await add(second, snapshotsIn(snapshotStore), 16);

    expect(result.state).toEqual({ total: totalUpTo(115) - totalUpTo(100) + 16, count: 16 });
  });

  it('given commands that each start from the remembered state, then a snapshot is still written every `every` events', async () => {
    const { store } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 50);
    for (let amount = 51; amount <= 160; amount++) {
      await add(store, snapshotsIn(snapshotStore), amount);
    }

    await vi.waitFor(async () =>
      expect(await snapshotStore.read(streamName)).toMatchObject({
        version: storedVersion,
        revision: 99,
        state: { total: totalUpTo(100), count: 100 },
      }),
    );
  });

  it('given a state remembered under another evolve, when a command runs, then it is not used', async () => {
    const { store } = countingStore();
    const snapshotStore = createMemorySnapshotStore();
    await seed(store, 5);
    await run(store, snapshotsIn(snapshotStore), { type: 'Check' }, doubling);

    const result = await add(store, snapshotsIn(snapshotStore), 6);

    expect(result.state).toEqual({ total: totalUpTo(6), count: 6 });
  });

  it('given two command stacks over one store writing in turn, then every write lands on top of the other and none is lost', async () => {
    const store = createMemoryEventStore();
    const here = snapshotsIn(createMemorySnapshotStore());
    const there = snapshotsIn(createMemorySnapshotStore());

    for (let amount = 1; amount <= 20; amount++) {
      const result = await add(store, amount % 2 === 0 ? here : there, amount);
      expect(result.state).toEqual({ total: totalUpTo(amount), count: amount });
      expect(result.revision).toBe(amount - 1);
    }

    expect((await store.readStream(streamName)).map((event) => event.data['amount'])).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('given another instance wrote since, when a command decides nothing on the remembered state, then the stream is read and it decides again', async () => {
    const store = createMemoryEventStore();
    const snapshots = snapshotsIn(createMemorySnapshotStore());
    await add(store, snapshots, 10);
    await seed(store, 1, 5);

    const result = await run(store, snapshots, { type: 'SetTotal', total: 10 });

    expect(result.state).toEqual({ total: 10, count: 3 });
    expect((await store.readStream(streamName)).map((event) => event.data['amount'])).toEqual([
      10, 5, -5,
    ]);
  });

  it('given another instance wrote since, when the remembered state refuses a command, then the stream is read and it decides again', async () => {
    const store = createMemoryEventStore();
    const snapshots = snapshotsIn(createMemorySnapshotStore());
    await add(store, snapshots, 95);
    await seed(store, 1, -50);

    const result = await run(store, snapshots, { type: 'AddCapped', amount: 10, cap: 100 });

    expect(result.state).toEqual({ total: 55, count: 3 });
  });

  it('given another instance wrote since, when a command without retries decides on the remembered state, then no conflict surfaces and the write lands on top', async () => {
    const store = createMemoryEventStore();
    const snapshots = snapshotsIn(createMemorySnapshotStore());
    await add(store, snapshots, 1);
    await seed(store, 1, 2);

    const result = await add(store, snapshots, 3);

    expect(result.state).toEqual({ total: 6, count: 3 });
    expect(result.revision).toBe(2);
  });
});
