import { createListenerMiddleware } from '@reduxjs/toolkit';
import { CART_SAVE_DEBOUNCE_MS } from '../../config/ui';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { isValidCart } from './model/cart-rules';
import type { CartLine, CartState } from './model/cart-types';

export const CART_STORAGE_KEY = 'carrinho';

/** The stored cart, or an empty one when nothing valid is stored (an invalid cart is discarded). */
export function loadCart(storage: Storage | undefined): CartLine[] {
  const raw = readStorage(storage, CART_STORAGE_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isValidCart(parsed)) return parsed;
  } catch {
    // not JSON: discarded below like any other invalid cart
  }
  removeStorage(storage, CART_STORAGE_KEY);
  return [];
}

/** An empty cart is not kept: nothing stays behind after a clear or a logout (spec §4). */
export function saveCart(storage: Storage | undefined, itens: readonly CartLine[]): void {
  if (itens.length === 0) removeStorage(storage, CART_STORAGE_KEY);
  else writeStorage(storage, CART_STORAGE_KEY, JSON.stringify(itens));
}

/** Saves the cart 500 ms after the last change (spec §9). */
export function cartPersistenceMiddleware(
  storage: Storage | undefined,
  delayMs: number = CART_SAVE_DEBOUNCE_MS,
) {
  const listener = createListenerMiddleware();
  listener.startListening.withTypes<{ cart: CartState }>()({
    predicate: (_action, current, previous) => current.cart.itens !== previous.cart.itens,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      await api.delay(delayMs);
      saveCart(storage, api.getState().cart.itens);
    },
  });
  return listener.middleware;
}
