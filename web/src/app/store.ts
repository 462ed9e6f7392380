import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { commandApi } from '../api/command-api';
import { queryApi } from '../api/query-api';
import { authErrorMiddleware, signOutMiddleware } from '../features/auth/auth-error-listener';
import { authReducer } from '../features/auth/auth-slice';
import { startSession } from '../features/auth/session-start';
import { authPersistenceMiddleware, loadAuthState } from '../features/auth/session-storage';
import { cartFlowsMiddleware } from '../features/cart/cart-flows';
import { cartReducer, initialCartState, noticeShown } from '../features/cart/cart-slice';
import { cartPersistenceMiddleware, loadCart } from '../features/cart/cart-storage';
import { cartMessages } from '../features/cart/model/cart-messages';
import { connectivityReducer } from '../features/connectivity/connectivity-slice';
import { browserStorage } from '../lib/storage';
import { selectCartSession, sessionCartMiddleware } from './session-cart';

const rootReducer = combineReducers({
  [queryApi.reducerPath]: queryApi.reducer,
  [commandApi.reducerPath]: commandApi.reducer,
  auth: authReducer,
  cart: cartReducer,
  connectivity: connectivityReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Where the cart and the session are kept between visits; the browser's localStorage by default. */
  storage?: Storage;
  preloadedState?: Partial<RootState>;
  /** The clock that decides whether a stored token has expired. */
  now?: () => number;
  /** How long after the user becomes known the server cart is loaded (spec §9: 500 ms). */
  cartLoadDelayMs?: number;
}

/** Creates the store and starts the session: a stored one is checked against the server (spec §4). */
export function makeStore({
  storage = browserStorage(),
  preloadedState,
  now = Date.now,
  cartLoadDelayMs,
}: StoreOptions = {}) {
  const { invalid, ...storedCart } = loadCart(storage);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      cart: { ...initialCartState, ...storedCart },
      auth: loadAuthState(storage, now()),
      ...preloadedState,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(
          cartPersistenceMiddleware(storage),
          authPersistenceMiddleware(storage),
          sessionCartMiddleware(storage, cartLoadDelayMs),
          authErrorMiddleware(),
          signOutMiddleware(),
          cartFlowsMiddleware<RootState>({ selectSession: selectCartSession }),
        )
        .concat(queryApi.middleware, commandApi.middleware),
  });
  // A stored cart that could not be read is shown empty, with the reason (spec §8).
  if (invalid) store.dispatch(noticeShown('error', cartMessages.initialLoadFailed));
  void store.dispatch(startSession());
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
