import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logging';
import { LeaseHolder, type LeaseTerm } from './holder';
import { createMemoryLease } from './memory';
import type { Lease } from './port';

/** A term that notes when it starts and closes (a close after the first is not noted). */
function recordingTerm(name: string, log: string[], failed = () => false): LeaseTerm {
  let closed = false;
  return {
    start: async () => {
      log.push(`${name} start`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      log.push(`${name} close`);
    },
    failed,
  };
}

const holderOf = (lease: Lease, createTerm: () => LeaseTerm) =>
  new LeaseHolder({
    lease,
    name: 'test',
    createTerm,
    logger: silentLogger,
    handoverMs: 0,
    retryDelayMs: 60_000,
    watchMs: 5,
  });

describe('LeaseHolder', () => {
  it('given two holders of one lease, when the first stops, then the second’s term starts only after the first’s closed', async () => {
    const lease = createMemoryLease();
    const log: string[] = [];
    const a = holderOf(lease, () => recordingTerm('A', log));
    const b = holderOf(lease, () => recordingTerm('B', log));

    a.start();
    await vi.waitFor(() => expect(a.status).toBe('running'));
    b.start();
    await vi.waitFor(() => expect(b.status).toBe('waiting'));
    await a.stop();
    await vi.waitFor(() => expect(b.status).toBe('running'));
    await b.stop();

    expect(log).toEqual(['A start', 'A close', 'B start', 'B close']);
    expect([a.status, b.status]).toEqual(['stopped', 'stopped']);
  });

  it('given a running term that reports a failure, then it is closed, the lease given up and the holder stands by', async () => {
    const lease = createMemoryLease();
    const log: string[] = [];
    let failing = false;
    const holder = holderOf(lease, () => recordingTerm('term', log, () => failing));

    holder.start();
    await vi.waitFor(() => expect(holder.status).toBe('running'));
    failing = true;
    await vi.waitFor(() => expect(log).toEqual(['term start', 'term close']));
    await vi.waitFor(() => expect(holder.status).toBe('waiting'));

    const other = await lease.acquire(AbortSignal.timeout(1_000));
    await other.release();
    await holder.stop();
  });

  it('given a term whose work reports it can go on no more, then a stand-by takes over, the holder says why until a term of its own runs well again', async () => {
    const lease = createMemoryLease();
    let terms = 0;
    let broken: string | undefined;
    const holder = new LeaseHolder({
      lease,
      name: 'test',
      logger: silentLogger,
      handoverMs: 0,
      retryDelayMs: 10,
      watchMs: 5,
      createTerm: () => {
        terms += 1;
        return { start: async () => {}, close: async () => {}, failure: () => broken };
      },
    });
    const standBy = holderOf(lease, () => recordingTerm('stand-by', []));

    holder.start();
    await vi.waitFor(() => expect(holder.status).toBe('running'));
    standBy.start();
    broken = 'payment relay stopped following the log 3 times in a row: poison';
    await vi.waitFor(() => expect(standBy.status).toBe('running'));
    expect(holder.failure).toBe(broken);
    expect(holder.status).toBe('waiting');

    broken = undefined;
    await standBy.stop();
    await vi.waitFor(() => expect(terms).toBe(2));
    await vi.waitFor(() => expect(holder.failure).toBeUndefined());
    await holder.stop();
  });
});
