import { describe, expect, it } from 'vitest';
import { createMemoryReadStore } from '../read-store';
import { pollCheckpoints, writeCheckpoint } from './checkpoints';

const details = (error: { position: number; eventType: string; message: string } | null) => ({
  collection: 'documents',
  eventTypes: ['Counted'],
  error,
  rebuilding: false,
});

describe('pollCheckpoints', () => {
  it('given one projection stopped on an event and another at the position, when a read waits for the position, then it answers at once', async () => {
    const readStore = createMemoryReadStore();
    await writeCheckpoint(readStore, 'menu_v1', 9, details(null));
    await writeCheckpoint(
      readStore,
      'orders_v1',
      4,
      details({ position: 5, eventType: 'OrderPlaced', message: 'bug' }),
    );
    const started = performance.now();

    const reached = await pollCheckpoints(readStore, ['menu_v1', 'orders_v1'])(9, 2_000);

    expect(reached).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('given a running projection behind the position, when a read waits for it, then it waits it out and says so', async () => {
    const readStore = createMemoryReadStore();
    await writeCheckpoint(readStore, 'menu_v1', 9, details(null));
    await writeCheckpoint(readStore, 'orders_v1', 4, details(null));

    const reached = await pollCheckpoints(readStore, ['menu_v1', 'orders_v1'], 5)(9, 100);

    expect(reached).toBe(false);
  });

  it('given a projection catching up while a read waits, then the read answers once it reaches the position', async () => {
    const readStore = createMemoryReadStore();
    await writeCheckpoint(readStore, 'menu_v1', 4, details(null));
    setTimeout(() => void writeCheckpoint(readStore, 'menu_v1', 9, details(null)), 30);

    const reached = await pollCheckpoints(readStore, ['menu_v1'], 5)(9, 2_000);

    expect(reached).toBe(true);
  });
});
