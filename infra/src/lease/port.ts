/**
 * A lease: at most one holder at a time among every process that names the
 * same lease. Used to keep one active projector per projection (ARCHITECTURE
 * §3.3): stand-by instances wait in `acquire` and take over when the holder
 * releases it or dies.
 */
export interface Lease {
  readonly kind: 'memory' | 'postgres' | 'mongo';
  /**
   * Resolves once this caller holds the lease, waiting as long as another one
   * does. Rejects with the signal's reason when `signal` aborts first.
   */
  acquire(signal?: AbortSignal): Promise<LeaseHandle>;
  /** Releases what this object holds, gives up waiting, frees its connections. */
  close(): Promise<void>;
}

export interface LeaseHandle {
  /**
   * Resolves as soon as the lease is no longer held: released, or lost (its
   * connection died, a renewal failed). The holder must stop at once: a
   * stand-by may already hold the lease.
   */
  readonly lost: Promise<void>;
  /** Gives the lease up, so that a stand-by takes over without waiting for an expiry. */
  release(): Promise<void>;
}
