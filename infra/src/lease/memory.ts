import type { Lease, LeaseHandle } from './port';
import { settled } from './wait';

interface Waiter {
  grant: (handle: LeaseHandle) => void;
  refuse: (reason: unknown) => void;
}

/**
 * One process (the embedded topology): the lease is a queue of the callers of
 * `acquire` on this object. With a single runner it is simply held at once.
 */
export function createMemoryLease(): Lease {
  let holder: (LeaseHandle & { end(): void }) | undefined;
  const waiters: Waiter[] = [];

  const grant = (): LeaseHandle => {
    const lost = settled();
    const handle = {
      lost: lost.promise,
      end: () => {
        if (holder !== handle) return;
        holder = undefined;
        lost.resolve();
        const next = waiters.shift();
        if (next) next.grant(grant());
      },
      release: () => {
        handle.end();
        return Promise.resolve();
      },
    };
    holder = handle;
    return handle;
  };

  return {
    kind: 'memory',
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (!holder) return Promise.resolve(grant());
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          grant: (handle) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(handle);
          },
          refuse: (reason) => {
            signal?.removeEventListener('abort', onAbort);
            reject(reason);
          },
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    close() {
      for (const waiter of waiters.splice(0)) waiter.refuse(new Error('the lease was closed'));
      holder?.end();
      return Promise.resolve();
    },
  };
}
