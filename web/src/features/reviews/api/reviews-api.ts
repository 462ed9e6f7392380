import { centsToReais, STATIC_MENU } from '@quitute/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { commandApi } from '../../../api/command-api';
import { queryApi } from '../../../api/query-api';
import { PRODUCTS_TIMEOUT_MS, REVIEWS_MAX_RETRIES } from '../../../config/api';
import { isRecord } from '../../../lib/is-record';
import { adminReviewsParams, type AdminReviewsQuery } from '../model/admin-reviews';
import {
  parseAdminReviewPage,
  parsePublicReviews,
  type AdminReviewPage,
  type NewReview,
  type PublicReview,
} from '../model/review-model';
import { reviewTexts } from '../model/review-texts';

/** admin spec §5: an answer that is not the expected shape. */
function invalidResponse(): FetchBaseQueryError {
  return {
    status: 'CUSTOM_ERROR',
    error: reviewTexts.invalidResponse,
    data: { message: reviewTexts.invalidResponse },
  };
}

/** The global position a command answered with (ARCHITECTURE §4), or null. */
export function positionOf(body: unknown): number | null {
  const position = isRecord(body) ? body['position'] : undefined;
  return typeof position === 'number' && Number.isInteger(position) && position >= 0
    ? position
    : null;
}

/** The query API with the reviews' tags. */
const reviewsQueryApi = queryApi.enhanceEndpoints({ addTagTypes: ['Review'] });

/** Review reads (query-api). */
export const reviewsApi = reviewsQueryApi.injectEndpoints({
  endpoints: (build) => ({
    /** The approved reviews, retried up to 3 times (1 s, 2 s, 3 s) on a transient failure (spec §7, §9). */
    getReviews: build.query<PublicReview[], undefined>({
      query: () => '/api/reviews',
      extraOptions: { maxRetries: REVIEWS_MAX_RETRIES },
      transformResponse: parsePublicReviews,
      providesTags: ['Review'],
    }),
    getAdminReviews: build.query<AdminReviewPage, AdminReviewsQuery>({
      async queryFn(query, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: '/api/admin/reviews',
          params: adminReviewsParams(query),
          headers:
            query.minPosition === undefined ? {} : { 'X-Min-Position': String(query.minPosition) },
        });
        if (result.error) return { error: result.error };
        const page = parseAdminReviewPage(result.data);
        return page ? { data: page } : { error: invalidResponse() };
      },
      // Read again after a change through `minPosition`, which waits for that change.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetReviewsQuery, useGetAdminReviewsQuery } = reviewsApi;

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

/** Review commands (command-api). Approving or deleting answers with the command's position. */
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
    approveReview: build.mutation<number | null, string>({
      query: (id) => ({
        url: `/api/admin/reviews/${encodeURIComponent(id)}/approve`,
        method: 'PATCH',
      }),
      transformResponse: positionOf,
      // The public list shows approved reviews: it is read again.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          () => dispatch(reviewsQueryApi.util.invalidateTags(['Review'])),
          () => undefined,
        );
      },
    }),
    deleteReview: build.mutation<number | null, string>({
      query: (id) => ({ url: `/api/admin/reviews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: positionOf,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          () => dispatch(reviewsQueryApi.util.invalidateTags(['Review'])),
          () => undefined,
        );
      },
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

export const {
  useCreateReviewMutation,
  useReportReviewMutation,
  useApproveReviewMutation,
  useDeleteReviewMutation,
  useSyncMenuMutation,
} = reviewCommandsApi;
