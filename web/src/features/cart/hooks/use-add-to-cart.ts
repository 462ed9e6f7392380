import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { FEEDBACK_MS } from '../../../config/ui';
import { lineAdded } from '../cart-slice';
import { addedMessage, cartMessages } from '../model/cart-messages';
import { decideAdd } from '../model/cart-rules';
import type { CartProduct } from '../model/cart-types';

export type AddFeedback =
  | { kind: 'success' | 'error'; message: string; id: number }
  | { kind: 'below-minimum'; id: number };

/** Errors stay a little longer than the 3 s success note (spec §8: errors clear after 5 s). */
const ERROR_MS = 5_000;

let nextFeedbackId = 1;

/**
 * Adds to the local cart under the spec's rules (§5) and says how it went: a
 * short success note, the invalid-item message, or the 'Limite Mínimo' popup.
 */
export function useAddToCart({ offline = false }: { offline?: boolean } = {}) {
  const dispatch = useDispatch();
  const [feedback, setFeedback] = useState<AddFeedback | null>(null);

  useEffect(() => {
    if (!feedback || feedback.kind === 'below-minimum') return;
    const timer = setTimeout(
      () => setFeedback(null),
      feedback.kind === 'success' ? FEEDBACK_MS : ERROR_MS,
    );
    return () => clearTimeout(timer);
  }, [feedback]);

  const addToCart = useCallback(
    (item: CartProduct, quantidade: number): boolean => {
      const id = nextFeedbackId++;
      const decision = decideAdd(item, quantidade);
      if (!decision.ok) {
        setFeedback(
          decision.reason === 'invalid'
            ? { kind: 'error', message: cartMessages.invalidItem, id }
            : { kind: 'below-minimum', id },
        );
        return false;
      }
      dispatch(lineAdded(decision.line));
      const message = offline
        ? cartMessages.addedOffline
        : addedMessage(decision.line.item.nome, decision.line.quantidade);
      setFeedback({ kind: 'success', message, id });
      return true;
    },
    [dispatch, offline],
  );

  const dismissFeedback = useCallback(() => setFeedback(null), []);

  return { addToCart, feedback, dismissFeedback };
}
