import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productStreamName } from '@quitute/contracts';
import {
  createMemoryEventStore,
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { parseCatalogEvent, productDecider, type CatalogCommand } from '../catalog/decider';
import { expecting, namingFacts, retryOnConflict, startingFrom } from './command-wrappers';
import type { Decider } from './decider';
import {
  commandStream,
  deriveEventId,
  emptyAggregate,
  handleCommand,
  readAggregate,
  type CommandContext,
  type LoadedAggregate,
} from './handle-command';

const productId = '9d1f6a8e-2b7c-4e3a-8f5d-1c2b3a4d5e6f';
const streamName = productStreamName(productId);
const addCoxinha: CatalogCommand = {
  type: 'AddProduct',
  productId,
  isActive: true,
  fields: {
    name: 'Coxinha',
    priceCents: 60,
    category: 'Salgados Fritos',
    description: '',
    imageUrl: null,
    stock: 1,
    itens: [],
  },
};
const context = (commandId: string): CommandContext => ({
  commandId,
  correlationId: 'corr-1',
  actorId: 'admin-1',
  actorRole: 'admin',
  occurredAt: '2026-11-21T12:00:00.000Z',
});

const products = (store: EventStore) =>
  commandStream(store, streamName, productDecider, parseCatalogEvent);

describe('handleCommand', () => {
  it('given a new stream, when a command succeeds, then it returns the new state, revision and position', async () => {
    const store = createMemoryEventStore();
    const result = await handleCommand(products(store), addCoxinha, context('cmd-1'));
    expect(result.state).toMatchObject({ status: 'listed', isActive: true });
    expect(result.revision).toBe(0);
    expect(result.position).toBe(await store.headPosition());
    const [event] = await store.readStream(streamName);
    expect(event?.metadata).toEqual({
      correlationId: 'corr-1',
      causationId: 'cmd-1',
      actorId: 'admin-1',
      actorRole: 'admin',
      occurredAt: '2026-11-21T12:00:00.000Z',
    });
  });

  it('given a decider that decides an event its schema refuses (a negative stock), when handled, then it throws and appends nothing', async () => {
    const store = createMemoryEventStore();
    const poisoned = { ...addCoxinha, fields: { ...addCoxinha.fields, stock: -1 } };
    await expect(handleCommand(products(store), poisoned, context('cmd-1'))).rejects.toThrow(
      /ProductAdded its own schema refuses; nothing appended/,
    );
    expect(await store.readStream(streamName)).toHaveLength(0);
  });

  it('given the same command id retried, when handled again, then the store holds it once', async () => {
    const store = createMemoryEventStore();
    await handleCommand(products(store), addCoxinha, context('cmd-1'));
    await expect(
      handleCommand(products(store), addCoxinha, context('cmd-1')),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await store.readStream(streamName)).toHaveLength(1);
  });

  it('given a writer appended after the read, when appending, then WrongExpectedRevisionError', async () => {
    const store = createMemoryEventStore();
    const racing: EventStore = {
      appendToStream: (...args) => store.appendToStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      settledPosition: () => store.settledPosition(),
      close: () => store.close(),
      async readStream(name) {
        const events = await store.readStream(name);
        // Another writer slips in between this command's read and its append.
        await store.appendToStream(
          name,
          [
            {
              id: '5e0b8a1c-0d7f-4d2e-9c6b-3a2f1e0d9c8b',
              type: 'ProductAdded',
              data: { productId, ...addCoxinha.fields, isActive: true },
              metadata: { ...context('other'), causationId: 'other' },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        return events;
      },
    };
    await expect(
      handleCommand(products(racing), addCoxinha, context('cmd-2')),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});

/** A counter: every Increment lands, whatever was appended before it. */
type CounterEvent = { type: 'Incremented'; data: { by: number } };
const counterDecider: Decider<number, { type: 'Increment'; by: number }, CounterEvent> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command) => [{ type: 'Incremented', data: { by: command.by } }],
};
const parseCounter = (recorded: RecordedEvent): CounterEvent | null => {
  const by = recorded.data['by'];
  return recorded.type === 'Incremented' && typeof by === 'number'
    ? { type: 'Incremented', data: { by } }
    : null;
};
const counterStream = 'counter-1';

/** The store, with another writer adding 100 between each of the first `races` reads and the append after it. */
function racedStore(races: number): { store: EventStore; reads: () => number } {
  const inner = createMemoryEventStore();
  let reads = 0;
  const store: EventStore = {
    ...inner,
    async readStream(name, options) {
      const events = await inner.readStream(name, options);
      reads += 1;
      if (reads <= races) {
        await inner.appendToStream(name, [
          {
            id: randomUUID(),
            type: 'Incremented',
            data: { by: 100 },
            metadata: { ...context('other'), causationId: 'other' },
          },
        ]);
      }
      return events;
    },
  };
  return { store, reads: () => reads };
}

const counter = (store: EventStore) =>
  commandStream(store, counterStream, counterDecider, parseCounter);

/**
 * Increments the counter by `by` (1) as command `commandId` ('cmd-increment'),
 * retried up to `retries` times when given, else handled once.
 */
const increment = (
  store: EventStore,
  options: {
    by?: number;
    commandId?: string;
    retries?: number;
    expectedRevision?: number;
    loaded?: LoadedAggregate<number>;
  },
) => {
  const { by = 1, commandId = 'cmd-increment', retries, expectedRevision, loaded } = options;
  const stream = startingFrom(counter(store), loaded);
  const command: { type: 'Increment'; by: number } = { type: 'Increment', by };
  if (expectedRevision !== undefined) {
    return handleCommand(expecting(stream, expectedRevision), command, context(commandId));
  }
  return retries === undefined
    ? handleCommand(stream, command, context(commandId))
    : retryOnConflict(retries, stream, command, context(commandId));
};

describe('retryOnConflict', () => {
  it('given a writer slipping in between load and append twice, when retried up to 2 times, then it lands on top and nothing is lost', async () => {
    const { store, reads } = racedStore(2);

    const result = await increment(store, { retries: 2 });

    expect(reads()).toBe(3);
    expect(result.state).toBe(201);
    expect(result.revision).toBe(2);
    const stored = await store.readStream(counterStream);
    expect(stored.map((event) => event.data['by'])).toEqual([100, 100, 1]);
  });

  it('given a writer slipping in every time, when the retries run out, then WrongExpectedRevisionError (412) and nothing of the command is stored', async () => {
    const { store, reads } = racedStore(Number.POSITIVE_INFINITY);

    await expect(increment(store, { retries: 2 })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );

    expect(reads()).toBe(3);
    const stored = await store.readStream(counterStream);
    expect(stored.map((event) => event.data['by'])).toEqual([100, 100, 100]);
  });

  it('given no retries, when a writer slips in, then the conflict surfaces at once', async () => {
    const { store, reads } = racedStore(1);

    await expect(increment(store, {})).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(reads()).toBe(1);
  });

  it('given ten increments at once on one stream, when each may retry 10 times, then all ten land', async () => {
    const store = createMemoryEventStore();

    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        increment(store, { commandId: `cmd-${n}`, retries: 10 }),
      ),
    );

    expect(await store.readStream(counterStream)).toHaveLength(10);
  });
});

describe('expecting (If-Match)', () => {
  it('given a stream at another revision than expected, then WrongExpectedRevisionError before deciding', async () => {
    const { store } = racedStore(0);
    await increment(store, {});
    const before = await store.readStream(counterStream);

    await expect(
      increment(store, { commandId: 'cmd-stale', expectedRevision: 5 }),
    ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', expected: 5, actual: 0 });
    expect(await store.readStream(counterStream)).toEqual(before);
  });

  it('given the expected revision, when a writer slips in before the append, then WrongExpectedRevisionError and no second read', async () => {
    const { store, reads } = racedStore(1);

    await expect(increment(store, { expectedRevision: -1 })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(reads()).toBe(1);
  });

  it('given the expected revision, when nobody else writes, then the command lands', async () => {
    const { store } = racedStore(0);
    await increment(store, {});

    const result = await increment(store, { by: 2, commandId: 'cmd-fresh', expectedRevision: 0 });

    expect(result).toMatchObject({ state: 3, revision: 1 });
  });
});

describe('handleCommand with a causation id', () => {
  it('given a causation id, when the command lands, then its events name it as their cause', async () => {
    const store = createMemoryEventStore();

    await handleCommand(
      counter(store),
      { type: 'Increment', by: 1 },
      { ...context('cmd-1'), causationId: 'event-7' },
    );

    const [event] = await store.readStream(counterStream);
    expect(event?.metadata).toMatchObject({ causationId: 'event-7', correlationId: 'corr-1' });
  });
});

describe('namingFacts', () => {
  /** Once: the fact is stored, so a second writer decides nothing. */
  type OnceEvent = { type: 'Noted'; data: { fact: string } };
  const onceDecider: Decider<string[], { type: 'Note'; fact: string }, OnceEvent> = {
    initialState: [],
    evolve: (facts, event) => [...facts, event.data.fact],
    decide: (command, facts) =>
      facts.includes(command.fact) ? [] : [{ type: 'Noted', data: { fact: command.fact } }],
  };
  const parseOnce = (recorded: RecordedEvent): OnceEvent | null =>
    typeof recorded.data['fact'] === 'string'
      ? { type: 'Noted', data: { fact: recorded.data['fact'] } }
      : null;
  const factId = '7d9c2b1a-0e8f-4d6c-9b5a-3f2e1d0c9b8a';

  it('given the fact stored by another writer between the read and the append (other metadata), when its id names the fact, then the duplicate is retried and decides nothing', async () => {
    const inner = createMemoryEventStore();
    let reads = 0;
    const store: EventStore = {
      ...inner,
      async readStream(name, options) {
        const events = await inner.readStream(name, options);
        reads += 1;
        if (reads === 1) {
          await inner.appendToStream('facts-1', [
            {
              id: factId,
              type: 'Noted',
              data: { fact: 'paid' },
              metadata: {
                ...context('other'),
                causationId: 'other',
                occurredAt: '2026-11-21T12:00:01.000Z',
              },
            },
          ]);
        }
        return events;
      },
    };
    const result = await retryOnConflict(
      3,
      namingFacts(commandStream(store, 'facts-1', onceDecider, parseOnce), () => factId),
      { type: 'Note', fact: 'paid' },
      context('cmd-note'),
    );

    expect(result).toMatchObject({ state: ['paid'], revision: 0 });
    expect(await inner.readStream('facts-1')).toHaveLength(1);
  });

  it('given an eventId that names another stored event, when the retries run out, then DuplicateEventIdError and nothing is stored', async () => {
    const store = createMemoryEventStore();
    await store.appendToStream('facts-2', [
      {
        id: factId,
        type: 'Noted',
        data: { fact: 'other' },
        metadata: { ...context('other'), causationId: 'other' },
      },
    ]);

    await expect(
      retryOnConflict(
        3,
        namingFacts(commandStream(store, 'facts-3', onceDecider, parseOnce), () => factId),
        { type: 'Note', fact: 'paid' },
        context('cmd-note'),
      ),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream('facts-3')).toEqual([]);
  });

  it('given a reaction stored by another writer under the ids its command id derives (other metadata), when it runs again naming facts, then the duplicate is retried and decides nothing; without namingFacts it surfaces', async () => {
    const store = createMemoryEventStore();
    await store.appendToStream('facts-4', [
      {
        id: deriveEventId('cmd-reaction', 0),
        type: 'Noted',
        data: { fact: 'paid' },
        metadata: {
          ...context('cmd-reaction'),
          causationId: 'cmd-reaction',
          occurredAt: '2026-11-21T12:00:01.000Z',
        },
      },
    ]);
    // Decided first on the stream as empty, as if read before the other writer appended.
    const blind = () =>
      startingFrom(
        commandStream(store, 'facts-4', onceDecider, parseOnce),
        emptyAggregate(onceDecider),
      );
    const note: { type: 'Note'; fact: string } = { type: 'Note', fact: 'paid' };

    await expect(retryOnConflict(3, blind(), note, context('cmd-reaction'))).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    const result = await retryOnConflict(3, namingFacts(blind()), note, context('cmd-reaction'));

    expect(result).toMatchObject({ state: ['paid'], revision: 0 });
    expect(await store.readStream('facts-4')).toHaveLength(1);
  });
});

describe('startingFrom what the caller just loaded', () => {
  const counterAt = (store: EventStore) => readAggregate(counter(store));
  const addTwo = (
    store: EventStore,
    options: { loaded: LoadedAggregate<number>; retries?: number },
  ) => increment(store, { by: 2, commandId: 'cmd-add-two', ...options });

  it('given the stream as just loaded, when the command lands, then the stream is not read again', async () => {
    const { store, reads } = racedStore(0);
    await increment(store, {});
    const loaded = await counterAt(store);
    const readsBefore = reads();

    const result = await addTwo(store, { loaded });

    expect(reads()).toBe(readsBefore);
    expect(result).toMatchObject({ state: 3, revision: 1 });
  });

  it('given a writer appended after the caller loaded, when retries are allowed, then the conflict reads the stream and the command lands on top', async () => {
    const { store, reads } = racedStore(0);
    const loaded = await counterAt(store);
    await increment(store, {});
    const readsBefore = reads();

    const result = await addTwo(store, { loaded, retries: 1 });

    expect(reads()).toBe(readsBefore + 1);
    expect(result).toMatchObject({ state: 3, revision: 1 });
    const stored = await store.readStream(counterStream);
    expect(stored.map((event) => event.data['by'])).toEqual([1, 2]);
  });

  it('given a writer appended after the caller loaded, when no retry is allowed, then WrongExpectedRevisionError and nothing is stored', async () => {
    const { store } = racedStore(0);
    const loaded = await counterAt(store);
    await increment(store, {});

    await expect(addTwo(store, { loaded })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(counterStream)).toHaveLength(1);
  });
});

describe('deriveEventId', () => {
  it('given a command id, then its events get the same ids in every process and release (a retry after a restart or a deploy appends nothing twice)', () => {
    const commandId = '0b6a6e5c-3f5e-4d8e-9a1c-2f7d8c9e1a00';
    expect([deriveEventId(commandId, 0), deriveEventId(commandId, 1)]).toEqual([
      'f3d736cc-baae-57d6-9c03-69c5fff4bae1',
      'ff04284d-68d7-51d4-8de8-2577f73f2cc2',
    ]);
  });
});
