import { centsToReais, STATIC_MENU } from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { queryApi } from '../../../api/query-api';
import { PRODUCTS_TIMEOUT_MS, REVIEWS_MAX_RETRIES } from '../../../config/api';
import { parsePublicReviews, type NewReview, type PublicReview } from '../model/review-model';

/** Review reads (query-api). */
export const reviewsApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    /** The approved reviews, retried up to 3 times (1 s, 2 s, 3 s) on a transient failure (spec §7, §9). */
    getReviews: build.query<PublicReview[], undefined>({
      query: () => '/api/reviews',
      extraOptions: { maxRetries: REVIEWS_MAX_RETRIES },
      transformResponse: parsePublicReviews,
      providesTags: ['Review'],
    }),
  }),
});

export const { useGetReviewsQuery } = reviewsApi;

/** A product of the static menu as POST /api/admin/products/sync takes it (admin spec §3). */
export interface MenuSyncItem {
  name: string;
  price: number;
  description: string;
  category: string;
}

/** The static menu (customer spec §3) in the sync's shape, prices in reais. */
export const STATIC_MENU_SYNC_ITEMS: MenuSyncItem[] = STATIC_MENU.map((item) => ({
  name: item.name,
  price: centsToReais(item.priceCents),
  description: item.description,
  category: item.category,
}));

/** Review commands (command-api). */
export const reviewCommandsApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    createReview: build.mutation<null, NewReview>({
      query: (body) => ({ url: '/api/reviews', method: 'POST', body }),
      transformResponse: () => null,
    }),
    reportReview: build.mutation<null, string>({
      query: (id) => ({ url: `/api/reviews/${encodeURIComponent(id)}/report`, method: 'POST' }),
      transformResponse: () => null,
    }),
    /** customer spec §6: an admin on the reviews page sends the static menu; the menu is read again after. */
    syncMenu: build.mutation<null, MenuSyncItem[]>({
      query: (items) => ({
        url: '/api/admin/products/sync',
        method: 'POST',
        body: { items },
        timeout: PRODUCTS_TIMEOUT_MS,
      }),
      transformResponse: () => null,
      async onQueryStarted(_items, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          () => dispatch(queryApi.util.invalidateTags(['Product'])),
          () => undefined,
        );
      },
    }),
  }),
});

export const { useCreateReviewMutation, useReportReviewMutation, useSyncMenuMutation } =
  reviewCommandsApi;
