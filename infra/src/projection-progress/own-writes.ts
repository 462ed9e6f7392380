import { LRUCache } from 'lru-cache';

/**
 * Read-your-writes for clients that do not send `X-Min-Position` back (a plain
 * HTTP client, a second tab): command-api records the position each user's own
 * commands reached, and query-api waits for it before answering that user's
 * reads. In process only, so it serves the embedded topology, where both run
 * in one process; distributed, the header is the way (README).
 */
export interface OwnWrites {
  record(userId: string, position: number): void;
  /** 0 when the user wrote nothing since this process started (or was evicted). */
  lastPosition(userId: string): number;
}

/** Keeps the most recent `maxUsers` writers; an evicted user's reads just stop waiting. */
export function createOwnWrites(maxUsers = 100_000): OwnWrites {
  const positions = new LRUCache<string, number>({ max: maxUsers });
  return {
    record(userId, position) {
      positions.set(userId, Math.max(positions.peek(userId) ?? 0, position));
    },
    lastPosition(userId) {
      return positions.peek(userId) ?? 0;
    },
  };
}
