import { commandApi } from '../../../api/command-api';
import { queryApi } from '../../../api/query-api';
import { isRecord } from '../../../lib/is-record';
import { invalidResponse } from '../api/admin-base';
import {
  adminReviewsParams,
  parseAdminReviewPage,
  type AdminReviewPage,
  type AdminReviewsQuery,
} from './review-list';

/** The global position a command answered with (ARCHITECTURE §4), or null. */
export function positionOf(body: unknown): number | null {
  const position = isRecord(body) ? body['position'] : undefined;
  return typeof position === 'number' && Number.isInteger(position) && position >= 0
    ? position
    : null;
}

/** The moderation list (query-api). */
export const adminReviewsApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetAdminReviewsQuery } = adminReviewsApi;

/** The public list shows approved reviews: it is read again after a moderation. */
async function publicListReadAgain(
  dispatch: (action: ReturnType<typeof queryApi.util.invalidateTags>) => unknown,
  queryFulfilled: Promise<unknown>,
) {
  await queryFulfilled.then(
    () => dispatch(queryApi.util.invalidateTags(['Review'])),
    () => undefined,
  );
}

/** Moderation commands (command-api): approving or deleting answers with the command's position. */
export const adminReviewCommandsApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    approveReview: build.mutation<number | null, string>({
      query: (id) => ({
        url: `/api/admin/reviews/${encodeURIComponent(id)}/approve`,
        method: 'PATCH',
      }),
      transformResponse: positionOf,
      onQueryStarted: (_id, { dispatch, queryFulfilled }) =>
        publicListReadAgain(dispatch, queryFulfilled),
    }),
    deleteReview: build.mutation<number | null, string>({
      query: (id) => ({ url: `/api/admin/reviews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: positionOf,
      onQueryStarted: (_id, { dispatch, queryFulfilled }) =>
        publicListReadAgain(dispatch, queryFulfilled),
    }),
  }),
});

export const { useApproveReviewMutation, useDeleteReviewMutation } = adminReviewCommandsApi;
