import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging';
import { esdbEventStore } from './esdb';
import {
  fakeEsdbServer,
  FakeSubscription,
  recordedEvent,
  type SubscriptionMessage,
} from './esdb-fake';
import type { Subscription } from './port';

const esdb = await import('@eventstore/db-client');

const ids = [
  '7d0b8a52-0f0c-4a8e-9a57-2d1b7c1f0e01',
  '7d0b8a52-0f0c-4a8e-9a57-2d1b7c1f0e02',
  '7d0b8a52-0f0c-4a8e-9a57-2d1b7c1f0e03',
];
const message = (index: number): SubscriptionMessage => ({
  event: {
    event: recordedEvent({
      id: ids[index] ?? '',
      streamId: `order-${index}`,
      position: BigInt(100 * (index + 1)),
    }),
  },
});

let running: Subscription | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** What the subscriber saw, in order, once caught up (or after the wait). */
async function subscribeAndWatch(
  messages: SubscriptionMessage[],
  hops: number,
  until: (log: string[]) => boolean,
): Promise<string[]> {
  const subscription = new FakeSubscription();
  const store = esdbEventStore(
    esdb,
    { ...fakeEsdbServer().client, subscribeToAll: () => subscription },
    silentLogger,
  );
  const log: string[] = [];
  let done = (): void => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  running = store.subscribeToAll({
    onEvent: async (event) => {
      log.push(`event ${event.position}`);
      if (until(log)) done();
    },
    onCaughtUp: (position) => {
      log.push(`caught up at ${position}`);
      if (until(log)) done();
    },
  });
  void subscription.deliver(messages, hops);
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  return log;
}

describe('EventStoreDB subscription: caught up', () => {
  it.each([0, 1, 2, 3, 4, 5, 6])(
    'given an event and the server’s caught-up %i promise callbacks behind it, when subscribing, then caught up is reported once, after the event is handled',
    async (hops) => {
      const log = await subscribeAndWatch([message(0), 'caughtUp'], hops, (seen) =>
        seen.some((line) => line.startsWith('caught up')),
      );

      expect(log).toEqual(['event 100', 'caught up at 100']);
    },
  );

  it.each([0, 1, 2, 3, 4, 5, 6])(
    'given three stored events and the server’s caught-up behind them, each %i promise callbacks after the one before, when subscribing, then caught up is reported once, after the third event',
    async (hops) => {
      const log = await subscribeAndWatch(
        [message(0), message(1), message(2), 'caughtUp'],
        hops,
        (seen) => seen.some((line) => line.startsWith('caught up')),
      );

      expect(log).toEqual(['event 100', 'event 200', 'event 300', 'caught up at 300']);
    },
  );

  it('given the subscription caught up, when an event arrives live, then it is handled and caught up is reported again at its position', async () => {
    const log = await subscribeAndWatch(
      [message(0), 'caughtUp', message(1)],
      1,
      (seen) => seen.length === 4,
    );

    expect(log).toEqual(['event 100', 'caught up at 100', 'event 200', 'caught up at 200']);
  });

  it('given the subscription fell behind while live, when events arrive, then caught up waits for the server to say so again', async () => {
    const log = await subscribeAndWatch(
      [message(0), 'caughtUp', 'fellBehind', message(1), message(2), 'caughtUp'],
      1,
      (seen) => seen.length === 5,
    );

    expect(log).toEqual([
      'event 100',
      'caught up at 100',
      'event 200',
      'event 300',
      'caught up at 300',
    ]);
  });
});
