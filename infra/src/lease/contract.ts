import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Lease, LeaseHandle } from './port';

export interface LeaseContractSetup {
  /** A new contender for the one lease under test, as another process would hold it. */
  contender(): Promise<Lease>;
  /**
   * Makes the holder among `contenders` die as a crashed process would (its
   * connection cut, its renewals stopped), without releasing; absent where
   * death ends the whole process (memory).
   */
  kill?: (holder: Lease) => Promise<void>;
  /** How long a stand-by may take to notice a dead holder (a TTL, a poll). */
  takeoverMs: number;
  cleanup(): Promise<void>;
}

type Factory = () => Promise<LeaseContractSetup>;

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const done = Symbol('done');
  const result = await Promise.race([
    promise.then(
      () => done,
      () => done,
    ),
    sleep(ms).then(() => undefined),
  ]);
  return result === done;
}

/**
 * The Lease port's contract, run against every adapter. The contenders of one
 * test are closed after it (releasing what they hold), so the next test finds
 * the lease free.
 */
export function leaseContract(name: string, factory: Factory): void {
  describe(`Lease contract: ${name}`, () => {
    let setup: LeaseContractSetup;
    const opened: Lease[] = [];
    const contender = async () => {
      const lease = await setup.contender();
      opened.push(lease);
      return lease;
    };

    beforeAll(async () => {
      setup = await factory();
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((lease) => lease.close()));
    });

    afterAll(async () => {
      await setup.cleanup();
    });

    it('given a free lease, when one contender acquires it, then it holds it and another waits', async () => {
      const [a, b] = [await contender(), await contender()];
      const held = await a.acquire();
      const waiting = b.acquire();
      expect(await settlesWithin(waiting, setup.takeoverMs)).toBe(false);
      expect(await settlesWithin(held.lost, 0)).toBe(false);
      await held.release();
      await (await waiting).release();
    });

    it('given a holder and a stand-by, when the holder releases, then the stand-by acquires and the holder is told', async () => {
      const [a, b] = [await contender(), await contender()];
      const held = await a.acquire();
      const waiting = b.acquire();
      await held.release();
      expect(await settlesWithin(held.lost, 0)).toBe(true);
      expect(await settlesWithin(waiting, setup.takeoverMs * 3)).toBe(true);
      await (await waiting).release();
    });

    it('given a lease released, when the same contender acquires again, then it holds it again', async () => {
      const a = await contender();
      await (await a.acquire()).release();
      const again = a.acquire();
      expect(await settlesWithin(again, setup.takeoverMs * 3)).toBe(true);
      await (await again).release();
    });

    it('given a stand-by, when its acquire is aborted, then it rejects with the reason and never holds', async () => {
      const [a, b, c] = [await contender(), await contender(), await contender()];
      const held = await a.acquire();
      const controller = new AbortController();
      const waiting = b.acquire(controller.signal);
      const stopped = new Error('shutting down');
      controller.abort(stopped);
      await expect(waiting).rejects.toBe(stopped);
      await held.release();
      const next = c.acquire();
      expect(await settlesWithin(next, setup.takeoverMs * 3)).toBe(true);
      await (await next).release();
    });

    it('given three contenders taking turns, when each acquires, works and releases twice, then never two hold at once', async () => {
      const contenders = [await contender(), await contender(), await contender()];
      let holding = 0;
      let most = 0;
      const turns = async (lease: Lease) => {
        for (let turn = 0; turn < 2; turn++) {
          const handle: LeaseHandle = await lease.acquire();
          holding += 1;
          most = Math.max(most, holding);
          await sleep(20);
          holding -= 1;
          await handle.release();
        }
      };
      await Promise.all(contenders.map(turns));
      expect(most).toBe(1);
    });

    it('given a holder that dies, when it is gone, then it is told it lost the lease and the stand-by takes over', async (context) => {
      const kill = setup.kill;
      if (!kill) {
        context.skip('a dead holder here is a dead process: nobody is left to take over');
        return;
      }
      const [a, b] = [await contender(), await contender()];
      const held = await a.acquire();
      const waiting = b.acquire();
      expect(await settlesWithin(waiting, setup.takeoverMs)).toBe(false);
      await kill(a);
      expect(await settlesWithin(held.lost, setup.takeoverMs * 3)).toBe(true);
      expect(await settlesWithin(waiting, setup.takeoverMs * 4)).toBe(true);
      await (await waiting).release();
    });
  });
}
