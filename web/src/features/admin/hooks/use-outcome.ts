import { useCallback, useRef, useState } from 'react';
import type { Outcome } from '../components/message-dialog';

/** The modal message a page shows after a mutation (admin-spec §4). */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nextId = useRef(1);
  const show = useCallback((tone: Outcome['tone'], text: string, hideAfterMs?: number) => {
    const id = nextId.current;
    nextId.current += 1;
    setOutcome(hideAfterMs === undefined ? { tone, text, id } : { tone, text, id, hideAfterMs });
  }, []);
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, show, clear };
}
