import { sessionToken } from '../../../api/base-query';
import { adminQueryApi, type AdminTag } from '../api/admin-base';
import { emptyNewOrderFeed, withNewOrder, type NewOrderFeed } from './new-order-alert';

/** The reads a paid order changes: the orders list and stats, the dashboard's figures. */
const NEW_ORDER_READS: readonly AdminTag[] = ['AdminOrders', 'AdminDashboard'];

/**
 * The push may come before the orders read model has applied the payment (the
 * relay and the projection follow the log apart): the reads are asked again
 * once more after this long.
 */
export const NEW_ORDER_READ_AGAIN_MS = 2_000;

/**
 * The orders paid while the admin area is open (issue 41 point 6), pushed by
 * query-api's gateway: the socket lives as long as the cache entry has a
 * subscriber (the admin area), and each push refreshes the reads it changes.
 */
export const newOrdersApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    newOrders: build.query<NewOrderFeed, undefined>({
      queryFn: () => ({ data: emptyNewOrderFeed() }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(
        _arg,
        { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch },
      ) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const timers = new Set<ReturnType<typeof setTimeout>>();
        const refresh = () => dispatch(adminQueryApi.util.invalidateTags([...NEW_ORDER_READS]));
        // The socket's code (socket.io-client) loads with the admin area, never with a shop page.
        const opening = import('./new-order-socket')
          .then(({ connectNewOrderSocket }) =>
            connectNewOrderSocket({
              origin: window.location.origin,
              token: () => sessionToken(getState()),
              onNewOrder: (push) => {
                updateCachedData((feed) => withNewOrder(feed, push));
                refresh();
                const timer = setTimeout(() => {
                  timers.delete(timer);
                  refresh();
                }, NEW_ORDER_READ_AGAIN_MS);
                timers.add(timer);
              },
            }),
          )
          .catch((error: unknown) => {
            // Without the socket the pages still show new orders when they are read again.
            console.warn('Não foi possível abrir a conexão em tempo real.', error);
            return null;
          });
        const socket = await opening;
        await cacheEntryRemoved;
        socket?.close();
        for (const timer of timers) clearTimeout(timer);
      },
    }),
  }),
});

export const { useNewOrdersQuery } = newOrdersApi;
