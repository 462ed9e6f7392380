import {
  type CepLookup,
  type CheckoutBody,
  type DeliveryQuote,
  type OrderDto,
  type PaymentApprovedPush,
  type PaymentResult,
  type PaymentStatusDto,
} from '@quitute/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { sessionToken } from '../../../api/base-query';
import { commandApi } from '../../../api/command-api';
import { queryApi } from '../../../api/query-api';
import {
  cepLookupResponseSchema,
  deliveryQuoteResponseSchema,
  orderListResponseSchema,
  paymentResultResponseSchema,
  paymentStatusResponseSchema,
} from '../../../api/response-schemas';
import { isRecord } from '../../../lib/is-record';

export const INVALID_RESPONSE = 'Resposta inválida do servidor.';

/** A body that is not the agreed shape fails like a server error would. */
function invalidShape(): FetchBaseQueryError {
  return { status: 'CUSTOM_ERROR', error: INVALID_RESPONSE, data: { message: INVALID_RESPONSE } };
}

/** Which card form to show: the local simulator's or Mercado Pago's (GET /api/payments/config). */
export type PaymentConfig =
  { provider: 'simulator'; publicKey: null } | { provider: 'mercadopago'; publicKey: string };

export function parsePaymentConfig(body: unknown): PaymentConfig {
  if (isRecord(body)) {
    if (body['provider'] === 'simulator') return { provider: 'simulator', publicKey: null };
    const publicKey = body['publicKey'];
    if (body['provider'] === 'mercadopago' && typeof publicKey === 'string' && publicKey) {
      return { provider: 'mercadopago', publicKey };
    }
  }
  throw new Error(INVALID_RESPONSE);
}

/** A card token of the simulator's tokenizer (POST /simulator/card_tokens). */
export interface CardToken {
  id: string;
  paymentMethodId: string;
}

export function parseCardToken(body: unknown): CardToken {
  if (
    isRecord(body) &&
    typeof body['id'] === 'string' &&
    typeof body['paymentMethodId'] === 'string'
  ) {
    return { id: body['id'], paymentMethodId: body['paymentMethodId'] };
  }
  throw new Error(INVALID_RESPONSE);
}

export interface SimulatorCardInput {
  cardNumber: string;
  cardholderName: string;
  expirationMonth: string;
  expirationYear: string;
  securityCode: string;
  docNumber: string;
}

export interface PaymentStatusArgs {
  /** The provider's payment id. */
  paymentId: string;
  /** The checkout answer's position: the read waits until the orders view has it. */
  minPosition: number | null;
}

/**
 * Payment reads (query-api): the card form to use, a payment's status, an
 * address by CEP, a CEP's delivery fee, her last orders, the approvals pushed.
 */
export const paymentsQueryApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConfig: build.query<PaymentConfig, undefined>({
      query: () => '/api/payments/config',
      transformResponse: parsePaymentConfig,
    }),
    getPaymentStatus: build.query<PaymentStatusDto, PaymentStatusArgs>({
      query: ({ paymentId, minPosition }) => ({
        url: `/payments/process-payment/${encodeURIComponent(paymentId)}`,
        headers: minPosition === null ? {} : { 'X-Min-Position': String(minPosition) },
      }),
      rawResponseSchema: paymentStatusResponseSchema,
      catchSchemaFailure: invalidShape,
      keepUnusedDataFor: 0,
    }),
    lookupCep: build.query<CepLookup, string>({
      query: (digits) => `/api/cep/${digits}`,
      rawResponseSchema: cepLookupResponseSchema,
      catchSchemaFailure: invalidShape,
    }),
    /** The zone, fee and minimum order of a CEP (8 digits): priced from the shop's settings ('Shop'). */
    getDeliveryQuote: build.query<DeliveryQuote, string>({
      query: (cep) => ({ url: '/api/delivery/quote', params: { cep } }),
      rawResponseSchema: deliveryQuoteResponseSchema,
      catchSchemaFailure: invalidShape,
      providesTags: ['Shop'],
    }),
    /**
     * Her last orders, newest first: the CPF, phone and delivery address the
     * form is filled in with (issue 37). The checkout's own read of GET
     * /api/orders, not the orders feature's (features stay apart).
     */
    getRecentOrders: build.query<OrderDto[], undefined>({
      query: () => ({ url: '/api/orders', params: { limit: '10' } }),
      rawResponseSchema: orderListResponseSchema,
      catchSchemaFailure: invalidShape,
    }),
    /**
     * The approvals the server pushes to this user while a payment is under way
     * (spec §7): the socket lives as long as the cache entry has a subscriber.
     */
    paymentApprovals: build.query<PaymentApprovedPush[], { userId: string }>({
      queryFn: () => ({ data: [] }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(
        { userId },
        { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState },
      ) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const removed = cacheEntryRemoved.then(() => true);
        // The socket's code (socket.io-client, 13 kB gzipped) loads with the first payment.
        const opening = import('./payment-socket')
          .then(({ connectPaymentSocket }) =>
            connectPaymentSocket({
              origin: window.location.origin,
              userId,
              token: () => sessionToken(getState()),
              onApproved: (push) =>
                updateCachedData((pushes) => {
                  pushes.push(push);
                }),
            }),
          )
          .catch((error: unknown) => {
            // Without the socket, polling still sees the approval.
            console.warn('Não foi possível abrir a conexão em tempo real.', error);
            return null;
          });
        const socket = await opening;
        await removed;
        socket?.close();
      },
    }),
  }),
});

export interface CheckoutArgs {
  body: CheckoutBody;
  idempotencyKey: string;
}

/** Payment commands (command-api) and the simulator's card tokenizer. */
export const paymentsCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    checkout: build.mutation<PaymentResult, CheckoutArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/payments/mercadopago/transparent-checkout',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      rawResponseSchema: paymentResultResponseSchema,
      catchSchemaFailure: invalidShape,
    }),
    cancelPayment: build.mutation<PaymentStatusDto, { paymentId: string }>({
      query: (body) => ({ url: '/payments/cancel-payment', method: 'POST', body }),
      rawResponseSchema: paymentStatusResponseSchema,
      catchSchemaFailure: invalidShape,
    }),
    createSimulatorCardToken: build.mutation<CardToken, SimulatorCardInput>({
      query: (body) => ({ url: '/simulator/card_tokens', method: 'POST', body }),
      transformResponse: parseCardToken,
    }),
  }),
});
