import { useEffect, useState } from 'react';

/** Whether an error is still to be shown: each one for `ms`, then it clears (spec §8: 3 s). */
export function useTimedError(error: unknown, ms: number): boolean {
  const [expired, setExpired] = useState<unknown>(null);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setExpired(error), ms);
    return () => clearTimeout(timer);
  }, [error, ms]);
  return Boolean(error) && expired !== error;
}
