import { describe, expect, it } from 'vitest';
import { productStreamName } from '@quitute/contracts';
import {
  createMemoryEventStore,
  WrongExpectedRevisionError,
  type EventStore,
} from '@quitute/infra/event-store';
import { parseCatalogEvent, productDecider, type CatalogCommand } from '../catalog/decider';
import { handleCommand, type CommandContext } from './handle-command';

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

describe('handleCommand', () => {
  it('given a new stream, when a command succeeds, then it returns the new state, revision and position', async () => {
    const store = createMemoryEventStore();
    const result = await handleCommand({
      store,
      decider: productDecider,
      parse: parseCatalogEvent,
      streamName,
      command: addCoxinha,
      context: context('cmd-1'),
    });
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

  it('given the same command id retried, when handled again, then the store holds it once', async () => {
    const store = createMemoryEventStore();
    const options = {
      store,
      decider: productDecider,
      parse: parseCatalogEvent,
      streamName,
      context: context('cmd-1'),
    };
    await handleCommand({ ...options, command: addCoxinha });
    await expect(handleCommand({ ...options, command: addCoxinha })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await store.readStream(streamName)).toHaveLength(1);
  });

  it('given a writer appended after the read, when appending, then WrongExpectedRevisionError', async () => {
    const store = createMemoryEventStore();
    const racing: EventStore = {
      appendToStream: (...args) => store.appendToStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
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
      handleCommand({
        store: racing,
        decider: productDecider,
        parse: parseCatalogEvent,
        streamName,
        command: addCoxinha,
        context: context('cmd-2'),
      }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
