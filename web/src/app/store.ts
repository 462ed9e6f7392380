import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { commandApi } from '../api/command-api';
import { queryApi } from '../api/query-api';
import { cartReducer } from '../features/cart/cart-slice';
import { cartPersistenceMiddleware, loadCart } from '../features/cart/cart-storage';
import { connectivityReducer } from '../features/connectivity/connectivity-slice';
import { browserStorage } from '../lib/storage';

const rootReducer = combineReducers({
  [queryApi.reducerPath]: queryApi.reducer,
  [commandApi.reducerPath]: commandApi.reducer,
  cart: cartReducer,
  connectivity: connectivityReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Where the cart is kept between visits; the browser's localStorage by default. */
  storage?: Storage;
  preloadedState?: Partial<RootState>;
}

export function makeStore({ storage = browserStorage(), preloadedState }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { cart: { itens: loadCart(storage) }, ...preloadedState },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(cartPersistenceMiddleware(storage))
        .concat(queryApi.middleware, commandApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
