import { randomUUID } from 'node:crypto';
import type { Collection, Db, MongoClient } from 'mongodb';
import { silentLogger, type Logger } from '../logging';
import type { Lease, LeaseHandle } from './port';
import { pause, settled } from './wait';

export interface MongoLeaseOptions {
  /** The read store's database: the lease lives beside the documents it protects. */
  db: Db;
  /** Processes that name the same lease contend for it. */
  name: string;
  /**
   * How long a holder that stops renewing keeps the lease. It renews every
   * ttl/3 and gives up when a renewal has not succeeded within the next ttl/3,
   * so it has stopped before a stand-by can take over; the margin also covers
   * the difference between the instances' clocks, which must stay far below it.
   */
  ttlMs?: number;
  /** How often a stand-by looks for an expired lease; ttl/3 by default. */
  pollMs?: number;
  /** The collection of lease documents. */
  collection?: string;
  logger?: Logger;
}

interface LeaseDocument {
  _id: string;
  holder: string;
  expiresAt: Date;
}

const DEFAULT_TTL_MS = 15_000;
export const LEASES_COLLECTION = 'leases';
const DUPLICATE_KEY = 11000;

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from MongoDB in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A lease document with an expiry (`{ _id: name, holder, expiresAt }`) in the
 * read store's MongoDB, for the distributed topology. Taking it is one
 * conditional upsert: it matches when the caller already holds the lease or
 * it has expired; when the document exists and matches neither, the upsert's
 * insert collides on `_id` (duplicate key), which means another holds it.
 */
export function createMongoLease(options: MongoLeaseOptions): Lease {
  const { name } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const pollMs = options.pollMs ?? Math.ceil(ttlMs / 3);
  const renewMs = Math.ceil(ttlMs / 3);
  const logger = options.logger ?? silentLogger;
  const leases: Collection<LeaseDocument> = options.db.collection<LeaseDocument>(
    options.collection ?? LEASES_COLLECTION,
  );
  const closing = new AbortController();
  const held = new Set<LeaseHandle>();

  const take = async (holder: string): Promise<boolean> => {
    const now = Date.now();
    try {
      await withTimeout(
        leases.findOneAndUpdate(
          { _id: name, $or: [{ holder }, { expiresAt: { $lt: new Date(now) } }] },
          { $set: { holder, expiresAt: new Date(now + ttlMs) } },
          { upsert: true },
        ),
        renewMs,
      );
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) {
        logger.warn({ err: error, lease: name }, 'lease: MongoDB unreachable, trying again');
      }
      return false;
    }
  };

  const hold = (holder: string): LeaseHandle => {
    const lost = settled();
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    const end = (): void => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      held.delete(handle);
      lost.resolve();
    };
    const renew = async (): Promise<void> => {
      try {
        const result = await withTimeout(
          leases.updateOne(
            { _id: name, holder },
            { $set: { expiresAt: new Date(Date.now() + ttlMs) } },
          ),
          renewMs,
        );
        if (result.matchedCount === 1) return scheduleRenewal();
        logger.warn({ lease: name }, 'lease lost: another holder took it');
      } catch (error) {
        logger.warn({ err: error, lease: name }, 'lease lost: its renewal failed');
      }
      end();
    };
    const scheduleRenewal = (): void => {
      if (!ended) timer = setTimeout(() => void renew(), renewMs);
    };
    const handle: LeaseHandle = {
      lost: lost.promise,
      async release() {
        if (ended) return;
        end();
        // Deleted rather than left to expire, so that a stand-by takes over at once.
        await withTimeout(leases.deleteOne({ _id: name, holder }), renewMs).catch(() => {});
      },
    };
    held.add(handle);
    scheduleRenewal();
    return handle;
  };

  return {
    kind: 'mongo',

    async acquire(signal) {
      const aborted = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      // One holder id per call: two calls on this object contend like two processes.
      const holder = randomUUID();
      for (;;) {
        aborted.throwIfAborted();
        if (await take(holder)) {
          if (!aborted.aborted) return hold(holder);
          await hold(holder).release();
          aborted.throwIfAborted();
        }
        await pause(pollMs, aborted);
      }
    },

    async close() {
      closing.abort(new Error('the lease was closed'));
      await Promise.all([...held].map((handle) => handle.release()));
    },
  };
}

/** Connects to MongoDB for the lease alone; `close()` also closes that connection. */
export async function openMongoLease(
  options: Omit<MongoLeaseOptions, 'db'> & { url: string; database?: string },
): Promise<Lease> {
  const { MongoClient } = await import('mongodb');
  const client: MongoClient = new MongoClient(options.url);
  await client.connect();
  const lease = createMongoLease({ ...options, db: client.db(options.database) });
  return {
    kind: lease.kind,
    acquire: (signal) => lease.acquire(signal),
    async close() {
      await lease.close();
      await client.close();
    },
  };
}
