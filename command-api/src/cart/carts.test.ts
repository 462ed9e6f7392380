import { describe, expect, it } from 'vitest';
import { cartStreamName } from '@quitute/contracts';
import {
  createMemoryEventStore,
  WrongExpectedRevisionError,
  type EventStore,
} from '@quitute/infra/event-store';
import type { CommandContext } from '../shared/handle-command';
import { withMemorySnapshots } from '../shared/testing';
import { runCartCommand } from './carts';
import type { CartCommand } from './decider';

const userId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const coxinha = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';
const kibe = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const brigadeiro = 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f';

const add = (productId: string, quantidade = 20): CartCommand => ({
  type: 'AddItem',
  userId,
  productId,
  quantidade,
  unitPriceCents: 60,
  isKit: false,
});
const context = (commandId: string): CommandContext => ({
  commandId,
  correlationId: commandId,
  actorId: userId,
  actorRole: 'user',
  occurredAt: '2026-11-21T12:00:00.000Z',
});

/** The memory store, counting the appends that met a newer stream than they expected. */
function countingConflicts(store: EventStore) {
  let conflicts = 0;
  const counted: EventStore = {
    ...store,
    async appendToStream(streamName, events, options) {
      try {
        return await store.appendToStream(streamName, events, options);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) conflicts += 1;
        throw error;
      }
    },
  };
  return { store: counted, conflicts: () => conflicts };
}

describe('runCartCommand', () => {
  it('given a cart this process wrote, when two adds to it run at once, then both land, each appended once, none meeting the other', async () => {
    const { store, conflicts } = countingConflicts(createMemoryEventStore());
    const stores = withMemorySnapshots(store);
    await runCartCommand(stores, add(coxinha), context('cmd-1'));

    const [first, second] = await Promise.all([
      runCartCommand(stores, add(kibe), context('cmd-2')),
      runCartCommand(stores, add(brigadeiro), context('cmd-3')),
    ]);

    expect(conflicts()).toBe(0);
    expect([first.revision, second.revision]).toEqual([1, 2]);
    expect(second.state.lines.map((line) => line.productId)).toEqual([coxinha, kibe, brigadeiro]);
    expect(await store.readStream(cartStreamName(userId))).toHaveLength(3);
  });

  it('given an add that fails, then the next add to the cart still runs', async () => {
    const stores = withMemorySnapshots(createMemoryEventStore());
    await runCartCommand(stores, add(coxinha), context('cmd-1'));

    const [refused, added] = await Promise.allSettled([
      runCartCommand(stores, add(kibe, 10_000), context('cmd-2')),
      runCartCommand(stores, add(brigadeiro), context('cmd-3')),
    ]);

    expect(refused.status).toBe('rejected');
    expect(added).toMatchObject({ status: 'fulfilled', value: { revision: 1 } });
  });
});
