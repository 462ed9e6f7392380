import {
  cartEtag,
  revisionFromEtag,
  type AddToCartBody,
  type CartDto,
  type SyncCartBody,
} from '@quitute/contracts';
import * as v from 'valibot';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { commandApi } from '../../../api/command-api';
import { httpStatus, isConnectionError, serverMessage, type ApiError } from '../../../api/errors';
import { queryApi } from '../../../api/query-api';
import { cartResponseSchema } from '../../../api/response-schemas';
import { isRecord } from '../../../lib/is-record';
import { cartMessages, statusDetail } from '../model/cart-messages';

/** A cart answer: the cart and the stream revision its ETag names ("-1": no cart yet). */
export interface CartAnswer {
  cart: CartDto;
  revision: number | null;
}

function revisionOf(meta: FetchBaseQueryMeta | undefined): number | null {
  const etag = meta?.response?.headers.get('ETag');
  return etag ? revisionFromEtag(etag) : null;
}

function toAnswer(cart: CartDto, meta: FetchBaseQueryMeta | undefined): CartAnswer {
  return { cart, revision: revisionOf(meta) };
}

/** A body that is not a cart (spec §5) fails like a server error, with the spec's text. */
function invalidShape(): FetchBaseQueryError {
  return {
    status: 'CUSTOM_ERROR',
    error: cartMessages.invalidServerData,
    data: { message: cartMessages.invalidServerData },
  };
}

/** The 412 answer's ETag is the current cart's revision: kept beside its body for the retry. */
function withConflictRevision(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): FetchBaseQueryError {
  if (error.status !== 412 || !isRecord(error.data)) return error;
  return { status: 412, data: { ...error.data, revision: revisionOf(meta) } };
}

function cartPath(userId: string): string {
  return `/carrinho/${encodeURIComponent(userId)}`;
}

export interface GetCartArgs {
  userId: string;
  /** The last command position this client saw: the read waits until it is visible. */
  minPosition: number | null;
}

/** GET /carrinho/{userId} (query-api). */
export const cartQueryApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartAnswer, GetCartArgs>({
      query: ({ userId, minPosition }) => ({
        url: cartPath(userId),
        headers: minPosition === null ? {} : { 'X-Min-Position': String(minPosition) },
      }),
      rawResponseSchema: cartResponseSchema,
      transformResponse: toAnswer,
      catchSchemaFailure: invalidShape,
      // The slice holds the cart shown; a cached read would only go stale.
      keepUnusedDataFor: 0,
    }),
  }),
});

export interface SyncCartArgs {
  body: SyncCartBody;
  /** Sent as If-Match when known, so a cart another tab changed answers 412 instead of being overwritten. */
  revision: number | null;
}

/** POST /carrinho, POST /carrinho/sync, DELETE /carrinho/{userId} (command-api). */
export const cartCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    addCartItem: build.mutation<CartAnswer, AddToCartBody>({
      query: (body) => ({ url: '/carrinho', method: 'POST', body }),
      rawResponseSchema: cartResponseSchema,
      transformResponse: toAnswer,
      catchSchemaFailure: invalidShape,
    }),
    syncCart: build.mutation<CartAnswer, SyncCartArgs>({
      query: ({ body, revision }) => ({
        url: '/carrinho/sync',
        method: 'POST',
        body,
        headers: revision === null ? {} : { 'If-Match': cartEtag(revision) },
      }),
      rawResponseSchema: cartResponseSchema,
      transformResponse: toAnswer,
      transformErrorResponse: withConflictRevision,
      catchSchemaFailure: invalidShape,
    }),
    clearCart: build.mutation<CartAnswer, { userId: string }>({
      query: ({ userId }) => ({
        url: cartPath(userId),
        method: 'DELETE',
        // Only a 200 counts as cleared (spec §7).
        validateStatus: (response) => response.status === 200,
      }),
      rawResponseSchema: cartResponseSchema,
      transformResponse: toAnswer,
      catchSchemaFailure: invalidShape,
    }),
  }),
});

/** Why a cart call failed, in the terms the cart flows act on. */
export type CartCallFailure =
  | { kind: 'connection' }
  | { kind: 'unauthenticated'; detail: string }
  | { kind: 'forbidden'; detail: string }
  | { kind: 'conflict'; cart: CartDto; revision: number | null }
  | { kind: 'other'; detail: string };

/** The detail the spec's 'Erro ao …: {detail}' texts carry: the server's message first (spec §8). */
export function failureDetail(error: ApiError | undefined): string {
  const message = serverMessage(error);
  if (message !== null) return message;
  const status = httpStatus(error);
  if (status !== null) return statusDetail(status);
  return cartMessages.unexpected;
}

function conflictOf(error: ApiError): CartCallFailure | null {
  if (httpStatus(error) !== 412 || !('data' in error) || !isRecord(error.data)) return null;
  const cart = v.safeParse(cartResponseSchema, error.data['cart']);
  if (!cart.success) return null;
  const revision = error.data['revision'];
  return {
    kind: 'conflict',
    cart: cart.output,
    revision: typeof revision === 'number' ? revision : null,
  };
}

export function classifyFailure(error: ApiError | undefined): CartCallFailure {
  if (error === undefined) return { kind: 'other', detail: cartMessages.unexpected };
  if (isConnectionError(error)) return { kind: 'connection' };
  const conflict = conflictOf(error);
  if (conflict) return conflict;
  const detail = failureDetail(error);
  const status = httpStatus(error);
  // 'Usuário não autenticado' is how older servers say 401 (spec §8).
  if (status === 401 || /não autenticado/i.test(detail)) return { kind: 'unauthenticated', detail };
  if (status === 403) return { kind: 'forbidden', detail };
  return { kind: 'other', detail };
}
