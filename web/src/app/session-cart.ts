import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { CART_LOAD_DELAY_MS } from '../config/api';
import { isLoginSuccess, loggedOut, sessionRefreshed } from '../features/auth/auth-slice';
import type { AuthState } from '../features/auth/model/auth-types';
import { TOKEN_KEY } from '../features/auth/session-storage';
import { cartReset, serverSyncRequested, serverUnreachable } from '../features/cart/cart-slice';
import { forgetCart, USER_ID_KEY } from '../features/cart/cart-storage';
import type { CartSession, CartState } from '../features/cart/model/cart-types';
import {
  connectivityChanged,
  type ConnectivityState,
} from '../features/connectivity/connectivity-slice';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';

interface SessionCartState {
  auth: AuthState;
  cart: CartState;
  connectivity: ConnectivityState;
}

/** What the cart flows need to know of the session and the connection. */
export function selectCartSession(
  state: Pick<SessionCartState, 'auth' | 'connectivity'>,
): CartSession {
  return { userId: state.auth.user?.id ?? null, online: state.connectivity.online };
}

/**
 * Where the session and the connection meet the cart (spec §4); in app/
 * because features do not import each other:
 * - a login as someone other than the stored user id clears the local cart;
 * - 500 ms after the user becomes known (login, or a stored session checked
 *   at start) the server cart is loaded and merged with the local one;
 * - when the connection comes back for a logged-in user, the same;
 * - a cart call without an answer marks the connection offline;
 * - a logout wipes the cart, the user id and the token.
 */
export function sessionCartMiddleware(
  storage: Storage | undefined,
  loadDelayMs = CART_LOAD_DELAY_MS,
) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<SessionCartState>();

  startListening({
    matcher: isLoginSuccess,
    effect: (action, api) => {
      const { id } = action.payload.user;
      const previous = readStorage(storage, USER_ID_KEY);
      if (previous !== null && previous !== id) api.dispatch(cartReset());
      writeStorage(storage, USER_ID_KEY, id);
    },
  });

  startListening({
    actionCreator: sessionRefreshed,
    effect: (action) => writeStorage(storage, USER_ID_KEY, action.payload.id),
  });

  startListening({
    matcher: isAnyOf(isLoginSuccess, sessionRefreshed),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      await api.delay(loadDelayMs);
      if (api.getState().auth.user) api.dispatch(serverSyncRequested());
    },
  });

  startListening({
    predicate: (action, current, previous) =>
      connectivityChanged.match(action) &&
      !previous.connectivity.online &&
      current.connectivity.online &&
      current.auth.user !== null,
    effect: (_action, api) => {
      api.dispatch(serverSyncRequested());
    },
  });

  startListening({
    actionCreator: serverUnreachable,
    effect: (_action, api) => {
      if (api.getState().connectivity.online) api.dispatch(connectivityChanged(false));
    },
  });

  startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(cartReset());
      forgetCart(storage);
      removeStorage(storage, TOKEN_KEY);
    },
  });

  return listener.middleware;
}
