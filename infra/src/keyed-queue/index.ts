/**
 * Runs the tasks given under one key one after another (each starts once the one
 * before it settled, whatever its outcome) and tasks under different keys at once.
 */
export interface KeyedQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createKeyedQueue(): KeyedQueue {
  /** Per key, the last task's settling; a key is forgotten once its last task settled. */
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, task) {
      const before = tails.get(key);
      const result = before ? before.then(task) : task();
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
