import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { clearedLocally, lineAddedLocally, linesSetLocally, noticeShown } from './cart-slice';
import { cartErrorMessage, cartMessages } from './model/cart-messages';
import { applyIntent, limitBroken, mergeLine } from './model/cart-rules';
import type { CartIntent, CartLine, WithCart } from './model/cart-types';

/**
 * The cart's changes when the server is out of reach (offline, a visitor, or
 * the server code could not even be loaded): kept in this browser with the
 * offline texts of spec §8, to be merged when the user logs in or the
 * connection returns. In the first page's code on purpose: it must work
 * without fetching anything.
 */
export function localCartFlows(api: {
  dispatch: ThunkDispatch<WithCart, unknown, UnknownAction>;
  cart: () => WithCart['cart'];
}) {
  const { dispatch } = api;
  const notify = (text: string) => dispatch(noticeShown('info', text));
  return {
    add(line: CartLine, text: string = cartMessages.addedOffline): void {
      const broken = limitBroken(mergeLine(api.cart().itens, line));
      if (broken) {
        dispatch(noticeShown('error', cartErrorMessage('add', broken)));
        return;
      }
      dispatch(lineAddedLocally(line));
      notify(text);
    },
    change(intent: CartIntent, kind: 'update' | 'remove', announce = true): void {
      dispatch(linesSetLocally(applyIntent(api.cart().itens, intent)));
      if (announce) notify(offlineChangeText(kind));
    },
    clear(announce = true): void {
      dispatch(clearedLocally());
      if (announce) notify(cartMessages.clearedOffline);
    },
  };
}

export function offlineChangeText(kind: 'update' | 'remove'): string {
  return kind === 'update' ? cartMessages.updatedOffline : cartMessages.removedOffline;
}
