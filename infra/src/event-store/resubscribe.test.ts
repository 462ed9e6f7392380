import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging';
import { createMemoryEventStore } from './memory';
import type { EventStore } from './port';
import { followLogResubscribing } from './resubscribe';

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-25T12:00:00.000Z',
};

async function append(store: EventStore, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    await store.appendToStream(
      'tally-1',
      [{ id: crypto.randomUUID(), type: 'Counted', data: { n }, metadata }],
      { expectedRevision: 'any' },
    );
  }
}

describe('followLogResubscribing', () => {
  it('given a handler that throws twice on one event, then the subscription is made again from the last handled event: every event handled once, in order, and following again', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 1, 10);
    const handled: number[] = [];
    let throwsLeft = 2;
    let last = 0;
    const follower = followLogResubscribing(eventStore, {
      name: 'test',
      logger: silentLogger,
      resumeFrom: () => last,
      retryDelayMs: 5,
      onEvent: (event) => {
        if (event.position === 6 && throwsLeft > 0) {
          throwsLeft -= 1;
          throw new Error('flaky');
        }
        handled.push(event.position);
        last = event.position;
      },
    });

    await follower.caughtUp;
    await append(eventStore, 11, 12);
    while (handled.length < 12) await sleep(5);

    expect(handled).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(follower.state()).toEqual({ state: 'following' });
    expect(follower.failure()).toBeUndefined();
    await follower.stop();
  });

  it('given a handler that always throws on one event, then after giveUpAfter ends in a row it reports failed with the reason (and its start rejects), still trying', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 1, 5);
    let attempts = 0;
    const follower = followLogResubscribing(eventStore, {
      name: 'test',
      logger: silentLogger,
      resumeFrom: () => 2,
      retryDelayMs: 5,
      giveUpAfter: 3,
      onEvent: (event) => {
        if (event.position === 3) {
          attempts += 1;
          throw new Error('poison');
        }
      },
    });

    await expect(follower.caughtUp).rejects.toThrow('poison');
    expect(follower.failure()).toMatch(/3 times in a row: poison/);
    expect(follower.state()).toMatchObject({ state: 'failed', attempts: 3 });
    while (attempts < 4) await sleep(5);
    await follower.stop();
    const after = attempts;
    await sleep(30);
    expect(attempts).toBe(after);
  });
});
