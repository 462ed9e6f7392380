/**
 * Values computed from a read model, valid while its projection's checkpoint
 * stays where it was when they were computed. The checkpoint is written after
 * the documents it covers, so a caller that reads it first and only then reads
 * the documents (on a miss) never caches anything older than that checkpoint;
 * a hit at the same checkpoint is then at least as new as what it saw.
 * Bounded: past `maxEntries` the oldest key goes.
 */
export class CheckpointCache<V> {
  #checkpoint = -1;
  readonly #entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(checkpoint: number, key: string): V | undefined {
    return checkpoint === this.#checkpoint ? this.#entries.get(key) : undefined;
  }

  set(checkpoint: number, key: string, value: V): void {
    // Any other checkpoint (a newer one, or an older one after a rebuild) starts afresh.
    if (checkpoint !== this.#checkpoint) {
      this.#checkpoint = checkpoint;
      this.#entries.clear();
    }
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }
}
