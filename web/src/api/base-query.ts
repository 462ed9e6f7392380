import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { API_TIMEOUT_MS, RETRY_STEP_MS } from '../config/api';
import { isRecord } from '../lib/is-record';
import { sleep } from '../lib/sleep';

/** Network failures, timeouts and 5xx may succeed on a second try; 4xx and bad bodies will not. */
export function isTransientError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

/** The session token kept in the store (`auth.token`), if any. */
export function sessionToken(state: unknown): string | null {
  if (!isRecord(state) || !isRecord(state['auth'])) return null;
  const token = state['auth']['token'];
  return typeof token === 'string' && token ? token : null;
}

export interface RetryingExtraOptions {
  /** Retries after the first attempt, for queries only (mutations are never retried). Default 0. */
  maxRetries?: number;
}

export type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  RetryingExtraOptions,
  FetchBaseQueryMeta
>;

export interface BaseQueryOptions {
  /** The API is same-origin; an absolute URL is also what RTK Query needs under jsdom. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Retry n waits n × this: 1 s, 2 s, 3 s (spec §9). */
  retryStepMs?: number;
}

/**
 * fetchBaseQuery with the spec's 30 s default timeout (an endpoint may pass its
 * own `timeout`), the session's bearer token on every request (spec §6, §7),
 * plus retries on transient errors when an endpoint opts in through
 * `extraOptions.maxRetries`.
 */
export function createBaseQuery({
  baseUrl = window.location.origin,
  timeoutMs = API_TIMEOUT_MS,
  retryStepMs = RETRY_STEP_MS,
}: BaseQueryOptions = {}): AppBaseQuery {
  const base = fetchBaseQuery({
    baseUrl,
    timeout: timeoutMs,
    prepareHeaders: (headers, { getState }) => {
      const token = sessionToken(getState());
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const maxRetries = api.type === 'query' ? (extraOptions?.maxRetries ?? 0) : 0;
    for (let attempt = 1; ; attempt += 1) {
      const result = await base(args, api, {});
      if (!result.error || attempt > maxRetries || !isTransientError(result.error)) return result;
      try {
        await sleep(attempt * retryStepMs, api.signal);
      } catch {
        return result;
      }
    }
  };
}
