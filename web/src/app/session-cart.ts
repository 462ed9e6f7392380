import { createListenerMiddleware } from '@reduxjs/toolkit';
import { isLoginSuccess, loggedOut, sessionRefreshed } from '../features/auth/auth-slice';
import { TOKEN_KEY } from '../features/auth/session-storage';
import { cartCleared } from '../features/cart/cart-slice';
import { CART_STORAGE_KEY } from '../features/cart/cart-storage';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';

/** Whose cart the stored one is (spec §3). */
export const USER_ID_KEY = 'userId';

/**
 * Where the session meets the cart (spec §4): a login as someone other than
 * the stored user id clears the local cart; a logout wipes the cart, the user
 * id and the token. Lives in app/ because features do not import each other.
 */
export function sessionCartMiddleware(storage: Storage | undefined) {
  const listener = createListenerMiddleware();

  listener.startListening({
    matcher: isLoginSuccess,
    effect: (action, api) => {
      const { id } = action.payload.user;
      const previous = readStorage(storage, USER_ID_KEY);
      if (previous !== null && previous !== id) api.dispatch(cartCleared());
      writeStorage(storage, USER_ID_KEY, id);
    },
  });

  listener.startListening({
    actionCreator: sessionRefreshed,
    effect: (action) => writeStorage(storage, USER_ID_KEY, action.payload.id),
  });

  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(cartCleared());
      removeStorage(storage, CART_STORAGE_KEY);
      removeStorage(storage, USER_ID_KEY);
      removeStorage(storage, TOKEN_KEY);
    },
  });

  return listener.middleware;
}
