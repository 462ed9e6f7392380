/**
 * Runs tasks with at most `running` of them under way; the others wait their
 * turn, in order. With `waiting`, at most that many wait and a task past them
 * is refused at once with `whenFull()` (a quick answer rather than minutes of
 * queued work); without it, every task waits.
 */
export function boundedGate(
  limits: { running: number; waiting?: number },
  whenFull: () => Error = () => new Error('the gate is full'),
) {
  const { running: maxRunning, waiting: maxWaiting = Number.POSITIVE_INFINITY } = limits;
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < maxRunning) running += 1;
    else if (waiting.length < maxWaiting) await new Promise<void>((go) => waiting.push(go));
    else throw whenFull();
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never overshoots.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
