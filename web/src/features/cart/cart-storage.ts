import { createListenerMiddleware } from '@reduxjs/toolkit';
import { CART_SAVE_DEBOUNCE_MS } from '../../config/ui';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { isValidCart } from './model/cart-rules';
import type { CartLine, CartState } from './model/cart-types';

/**
 * The locally stored cart keys (spec §3):
 * - `carrinho`: the cart as last shown, so a new visit starts with it;
 * - `offlineCart`: the same lines while the server has not seen them (changed
 *   offline, as a visitor, or after a failed call) — merged into the server
 *   cart and removed once synced; an empty list there is a clear to sync;
 * - `userId`: whose cart it is (a login as someone else clears it).
 */
export const CART_STORAGE_KEY = 'carrinho';
export const OFFLINE_CART_KEY = 'offlineCart';
export const USER_ID_KEY = 'userId';

/** What a new store starts with; `invalid` when a stored cart had to be discarded. */
export interface StoredCart {
  itens: CartLine[];
  pendingSync: boolean;
  cleared: boolean;
  invalid: boolean;
}

type Read = { lines: CartLine[] | null; invalid: boolean };

function readLines(storage: Storage | undefined, key: string): Read {
  const raw = readStorage(storage, key);
  if (raw === null) return { lines: null, invalid: false };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isValidCart(parsed)) return { lines: parsed, invalid: false };
  } catch {
    // not JSON: discarded below like any other invalid cart
  }
  removeStorage(storage, key);
  return { lines: null, invalid: true };
}

/**
 * The stored cart (an invalid one is discarded, spec §4). A cart with no
 * stored owner is a visitor's, which the server has never seen either.
 */
export function loadCart(storage: Storage | undefined): StoredCart {
  const offline = readLines(storage, OFFLINE_CART_KEY);
  const shown = readLines(storage, CART_STORAGE_KEY);
  const invalid = offline.invalid || shown.invalid;
  if (offline.lines) {
    return {
      itens: offline.lines,
      pendingSync: true,
      cleared: offline.lines.length === 0,
      invalid,
    };
  }
  const itens = shown.lines ?? [];
  const visitorCart = itens.length > 0 && readStorage(storage, USER_ID_KEY) === null;
  return { itens, pendingSync: visitorCart, cleared: false, invalid };
}

/** An empty cart is not kept: nothing stays behind after a clear or a logout (spec §4). */
export function saveCart(
  storage: Storage | undefined,
  { itens, pendingSync }: Pick<CartState, 'itens' | 'pendingSync'>,
): void {
  if (itens.length === 0) removeStorage(storage, CART_STORAGE_KEY);
  else writeStorage(storage, CART_STORAGE_KEY, JSON.stringify(itens));
  if (pendingSync) writeStorage(storage, OFFLINE_CART_KEY, JSON.stringify(itens));
  else removeStorage(storage, OFFLINE_CART_KEY);
}

/** Removes every stored cart key (logout). */
export function forgetCart(storage: Storage | undefined): void {
  removeStorage(storage, CART_STORAGE_KEY);
  removeStorage(storage, OFFLINE_CART_KEY);
  removeStorage(storage, USER_ID_KEY);
}

/**
 * Saves the cart 500 ms after the last change (spec §9), and at once when the
 * page goes away (a reload, a closed tab) with a save still waiting, so an item
 * added just before is not lost.
 */
export function cartPersistenceMiddleware(
  storage: Storage | undefined,
  delayMs: number = CART_SAVE_DEBOUNCE_MS,
  page: Pick<Window, 'addEventListener'> | undefined = typeof window === 'undefined'
    ? undefined
    : window,
) {
  let pendingSave: (() => void) | null = null;
  page?.addEventListener('pagehide', () => pendingSave?.());
  const listener = createListenerMiddleware();
  listener.startListening.withTypes<{ cart: CartState }>()({
    predicate: (_action, current, previous) =>
      current.cart.itens !== previous.cart.itens ||
      current.cart.pendingSync !== previous.cart.pendingSync,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const save = () => {
        pendingSave = null;
        saveCart(storage, api.getState().cart);
      };
      pendingSave = save;
      await api.delay(delayMs);
      if (pendingSave === save) save();
    },
  });
  return listener.middleware;
}
