import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { addRequested, noticeShown } from '../cart-slice';
import { cartMessages } from '../model/cart-messages';
import { decideAdd } from '../model/cart-rules';
import type { CartProduct } from '../model/cart-types';

/**
 * The menu's add-to-cart under the spec's rules (§5): an invalid item or
 * quantity says so, too few units of a regular item open the 'Limite Mínimo'
 * popup, anything else goes to the cart (the server's when online and logged
 * in, else the local one; cart-flows.ts says which and shows the message).
 */
export function useAddToCart() {
  const dispatch = useDispatch();
  const [belowMinimum, setBelowMinimum] = useState(false);

  const addToCart = useCallback(
    (item: CartProduct, quantidade: number): boolean => {
      const decision = decideAdd(item, quantidade);
      if (decision.ok) {
        dispatch(addRequested(decision.line));
        return true;
      }
      if (decision.reason === 'invalid') dispatch(noticeShown('error', cartMessages.invalidItem));
      else setBelowMinimum(true);
      return false;
    },
    [dispatch],
  );

  const dismissBelowMinimum = useCallback(() => setBelowMinimum(false), []);

  return { addToCart, belowMinimum, dismissBelowMinimum };
}
