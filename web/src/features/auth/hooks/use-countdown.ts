import { useEffect, useEffectEvent, useState } from 'react';

/** Counts `seconds` down once a second while `active`, then calls `onDone`; returns the seconds left. */
export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (!active) return;
    let remaining = seconds;
    const timer = setInterval(() => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) {
        clearInterval(timer);
        done();
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [active, seconds]);

  return left;
}
