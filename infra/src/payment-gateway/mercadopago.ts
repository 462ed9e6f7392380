import type * as MercadoPago from 'mercadopago';
import type { MercadoPagoConfig, Payment } from 'mercadopago';
import type { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { z } from 'zod';
import { formatShopDateTime } from '@quitute/contracts';
import { silentLogger, type Logger } from '../logging';
import {
  PaymentGatewayError,
  PROVIDER_PAYMENT_STATUSES,
  type CreatePaymentRequest,
  type PaymentGateway,
  type PaymentMethod,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookRequest,
  type WebhookVerdict,
} from './port';
import { verifyWebhookSignature } from './webhook-signature';

export const MERCADO_PAGO_API_URL = 'https://api.mercadopago.com';

export interface MercadoPagoGatewayOptions {
  accessToken: string;
  /** The webhook's secret signature ("Suas integrações → Webhooks"). */
  webhookSecret: string;
  /** Defaults to Mercado Pago's API; tests point it at the local fake. */
  baseUrl?: string;
  /** Per HTTP attempt. */
  timeoutMs?: number;
  /** The SDK's own retries on 429/5xx/connection failures, with the same idempotency key. */
  maxRetries?: number;
  /** First back-off between those retries, doubling each time (the SDK's default is 1 s). */
  retryDelayMs?: number;
  now?: () => number;
  logger?: Logger;
}

type CreateBody = Parameters<Payment['create']>[0]['body'];

const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The SDK's parts this adapter uses. */
type Sdk = typeof MercadoPago & { AppConfig: typeof AppConfig };

let loadedSdk: Promise<Sdk> | undefined;

/**
 * The SDK, loaded at the first call: a shop on the payment simulator never
 * loads it. A failure to load is not kept: the next call tries again.
 */
function sdk(): Promise<Sdk> {
  loadedSdk ??= Promise.all([
    import('mercadopago'),
    import('mercadopago/dist/utils/config/index.js'),
  ]).then(
    ([mercadoPago, { AppConfig }]) => ({ ...mercadoPago, AppConfig }),
    (error: unknown) => {
      loadedSdk = undefined;
      throw error;
    },
  );
  return loadedSdk;
}

/**
 * The PaymentGateway port on Mercado Pago's Payments API (`/v1/payments`)
 * through the `mercadopago` SDK 3.6.
 *
 * Two SDK traits shape this adapter:
 * - a client merges each call's request options into its config for good
 *   (an idempotency key or device id would stick to later calls), so every
 *   call gets a fresh config and client;
 * - the API's address is one static, `AppConfig.BASE_URL`, shared by the
 *   whole process, so it is set only around each call (see `againstBaseUrl`).
 */
export function createMercadoPagoGateway(options: MercadoPagoGatewayOptions): PaymentGateway {
  const {
    accessToken,
    webhookSecret,
    baseUrl = MERCADO_PAGO_API_URL,
    timeoutMs = 10_000,
    maxRetries = 2,
    retryDelayMs = 1000,
    now = Date.now,
    logger = silentLogger,
  } = options;
  if (!accessToken) throw new Error('Mercado Pago needs an access token');
  if (!webhookSecret) throw new Error('Mercado Pago needs the webhook secret');
  const apiUrl = baseUrl.replace(/\/+$/, '');
  const hideToken = (text: string) => text.replaceAll(accessToken, '[access token]');

  async function call<T>(
    operation: string,
    run: (config: MercadoPagoConfig, mercadoPago: Sdk) => Promise<T>,
  ) {
    const mercadoPago = await sdk().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentGatewayError(
        `Mercado Pago ${operation} failed: its SDK could not be loaded (${reason})`,
        0,
        true,
      );
    });
    const { MercadoPagoError } = mercadoPago;
    const config = new mercadoPago.MercadoPagoConfig({
      accessToken,
      options: {
        timeout: timeoutMs,
        maxRetries,
        initialDelay: retryDelayMs,
        onRetry: (attempt, error) =>
          logger.warn(
            { operation, attempt, status: error instanceof MercadoPagoError ? error.status : 0 },
            'Mercado Pago request failed; retrying with the same idempotency key',
          ),
      },
    });
    try {
      return await againstBaseUrl(mercadoPago, apiUrl, () => run(config, mercadoPago));
    } catch (error) {
      throw toGatewayError(mercadoPago, operation, error, hideToken);
    }
  }

  async function get(paymentId: string): Promise<ProviderPayment | null> {
    try {
      const payment = await call('get', (config, { Payment }) =>
        new Payment(config).get({ id: paymentId }),
      );
      return toProviderPayment(payment);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    provider: 'mercadopago',

    async create(request) {
      const body = createBody(request);
      const payment = await call('create', (config, { Payment }) =>
        new Payment(config).create({
          body,
          requestOptions: {
            idempotencyKey: request.idempotencyKey,
            ...(request.deviceId ? { meliSessionId: request.deviceId } : {}),
          },
        }),
      );
      return toProviderPayment(payment);
    },

    get,

    async cancel(paymentId, idempotencyKey) {
      const payment = await call('cancel', (config, { Payment }) =>
        new Payment(config).cancel({ id: paymentId, requestOptions: { idempotencyKey } }),
      );
      return toProviderPayment(payment);
    },

    async refund(paymentId, { idempotencyKey, amountCents }) {
      if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0)) {
        throw new RangeError(`amountCents must be a positive integer, got ${amountCents}`);
      }
      // Reais at the edge; no amount: all that is left of the payment.
      const refund = await call('refund', (config, { PaymentRefund }) =>
        new PaymentRefund(config).create({
          payment_id: paymentId,
          ...(amountCents === undefined ? {} : { body: { amount: amountCents / 100 } }),
          requestOptions: { idempotencyKey },
        }),
      );
      return toProviderRefund(refund);
    },

    verifyWebhook(request) {
      return verifyWebhook(webhookSecret, request, now());
    },
  };
}

/**
 * The SDK builds each request's URL from `AppConfig.BASE_URL` synchronously,
 * before its first `await` (`RestClient.fetch`, retries included, in 3.6.1),
 * so setting the static just for the synchronous start of the call and putting
 * it back at once keeps each adapter's address to its own requests, even with
 * calls of several adapters in flight.
 */
function againstBaseUrl<T>(
  { AppConfig }: Sdk,
  baseUrl: string,
  start: () => Promise<T>,
): Promise<T> {
  const shared = AppConfig as { BASE_URL: string };
  const previous = shared.BASE_URL;
  shared.BASE_URL = baseUrl;
  try {
    return start();
  } finally {
    shared.BASE_URL = previous;
  }
}

function toGatewayError(
  { MercadoPagoError }: Sdk,
  operation: string,
  error: unknown,
  hideToken: (text: string) => string,
): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  if (error instanceof MercadoPagoError) {
    // The SDK gives status 0 when no answer came (connection refused, timeout).
    const status = error.status;
    const retryable =
      status === 0 || status === 423 || status === 424 || status === 429 || status >= 500;
    const detail = status === 0 ? 'no answer' : `HTTP ${status}`;
    return new PaymentGatewayError(
      hideToken(`Mercado Pago ${operation} failed (${detail}): ${error.message}`),
      status,
      retryable,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentGatewayError(
    hideToken(`Mercado Pago ${operation} failed: ${message}`),
    0,
    false,
  );
}

function createBody(request: CreatePaymentRequest): CreateBody {
  const { amountCents, payer, instrument } = request;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`amountCents must be a positive integer, got ${amountCents}`);
  }
  if (instrument.method === 'boleto' && !payer.address) {
    throw new PaymentGatewayError('A boleto needs the payer address', 400, false);
  }
  const common: CreateBody = {
    transaction_amount: amountCents / 100,
    description: request.description,
    external_reference: request.externalReference,
    ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
    payer: {
      email: payer.email,
      first_name: payer.firstName,
      last_name: payer.lastName,
      identification: { type: 'CPF', number: payer.cpf },
      ...(payer.address
        ? {
            address: {
              zip_code: payer.address.zipCode,
              street_name: payer.address.streetName,
              street_number: payer.address.streetNumber,
              neighborhood: payer.address.neighborhood,
              city: payer.address.city,
              federal_unit: payer.address.federalUnit,
            },
          }
        : {}),
    },
  };
  switch (instrument.method) {
    case 'pix':
      return {
        ...common,
        payment_method_id: 'pix',
        date_of_expiration: mercadoPagoDate(instrument.expiresAt),
      };
    case 'boleto':
      return {
        ...common,
        payment_method_id: 'bolbradesco',
        date_of_expiration: mercadoPagoDate(instrument.expiresAt),
      };
    case 'credit_card':
    case 'debit_card':
      return {
        ...common,
        token: instrument.token,
        payment_method_id: instrument.paymentMethodId,
        installments: instrument.method === 'debit_card' ? 1 : instrument.installments,
        // The Card Brick gives the issuer as text; the API takes a number.
        ...(instrument.issuerId && /^\d+$/.test(instrument.issuerId)
          ? { issuer_id: Number(instrument.issuerId) }
          : {}),
      };
  }
}

/** Mercado Pago's date format, `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00`, on Brasília's clock. */
export function mercadoPagoDate(date: Date): string {
  return formatShopDateTime(date, { milliseconds: true });
}

/** The part of Mercado Pago's refund (PaymentRefund) this adapter reads. */
const refundResponse = z.object({
  id: z.union([z.number(), z.string()]),
  amount: z.number(),
  status: z.enum(['approved', 'in_process', 'rejected', 'cancelled']),
  date_created: z.string(),
});

function toRefund(refund: z.infer<typeof refundResponse>): ProviderRefund {
  return {
    id: String(refund.id),
    amountCents: Math.round(refund.amount * 100),
    status: refund.status,
    createdAt: isoTime(refund.date_created),
  };
}

function toProviderRefund(response: unknown): ProviderRefund {
  const parsed = refundResponse.safeParse(response);
  if (!parsed.success) {
    throw new PaymentGatewayError(
      `Mercado Pago answered with an unexpected refund: ${z.prettifyError(parsed.error)}`,
      502,
      false,
    );
  }
  return toRefund(parsed.data);
}

/** The part of Mercado Pago's payment this adapter reads. */
const paymentResponse = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  status_detail: z.string().nullish(),
  transaction_amount: z.number(),
  external_reference: z.string().nullish(),
  payment_method_id: z.string(),
  payment_type_id: z.string(),
  date_of_expiration: z.string().nullish(),
  date_created: z.string(),
  date_last_updated: z.string().nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({
          qr_code: z.string().nullish(),
          qr_code_base64: z.string().nullish(),
          ticket_url: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  transaction_details: z
    .object({
      external_resource_url: z.string().nullish(),
      digitable_line: z.string().nullish(),
      barcode: z.object({ content: z.string().nullish() }).nullish(),
    })
    .nullish(),
  refunds: z.array(refundResponse).nullish(),
});

function toProviderPayment(response: unknown): ProviderPayment {
  const parsed = paymentResponse.safeParse(response);
  if (!parsed.success) {
    throw new PaymentGatewayError(
      `Mercado Pago answered with an unexpected payment: ${z.prettifyError(parsed.error)}`,
      502,
      false,
    );
  }
  const payment = parsed.data;
  const method = paymentMethod(payment.payment_type_id, payment.payment_method_id);
  const qr = payment.point_of_interaction?.transaction_data;
  const ticket = payment.transaction_details;
  return {
    id: String(payment.id),
    status: payment.status,
    statusDetail: payment.status_detail ?? '',
    method,
    // Decimal reais to centavos: rounding removes the binary fraction (19.99 * 100 = 1998.99…).
    amountCents: Math.round(payment.transaction_amount * 100),
    externalReference: payment.external_reference ?? '',
    ...(payment.date_of_expiration ? { expiresAt: isoTime(payment.date_of_expiration) } : {}),
    ...(method === 'pix' && qr?.qr_code
      ? {
          pix: {
            qrCode: qr.qr_code,
            qrCodeBase64: qr.qr_code_base64 ?? '',
            ...(qr.ticket_url ? { ticketUrl: qr.ticket_url } : {}),
          },
        }
      : {}),
    ...(method === 'boleto' && ticket?.external_resource_url
      ? {
          boleto: {
            url: ticket.external_resource_url,
            digitableLine: (ticket.digitable_line ?? '').replace(/\D/g, ''),
            barcode: ticket.barcode?.content ?? '',
          },
        }
      : {}),
    updatedAt: isoTime(payment.date_last_updated ?? payment.date_created),
    ...(payment.refunds && payment.refunds.length > 0
      ? { refunds: payment.refunds.map(toRefund) }
      : {}),
  };
}

function paymentMethod(paymentTypeId: string, paymentMethodId: string): PaymentMethod {
  if (paymentMethodId === 'pix' || paymentTypeId === 'bank_transfer') return 'pix';
  if (paymentTypeId === 'ticket') return 'boleto';
  if (paymentTypeId === 'credit_card') return 'credit_card';
  // A prepaid card is charged at once like a debit card.
  if (paymentTypeId === 'debit_card' || paymentTypeId === 'prepaid_card') return 'debit_card';
  throw new PaymentGatewayError(
    `Mercado Pago payment of an unknown kind: ${paymentTypeId}/${paymentMethodId}`,
    502,
    false,
  );
}

/** Mercado Pago writes times with Brasília's offset; the port speaks UTC ISO. */
function isoTime(text: string): string {
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? text : time.toISOString();
}

function verifyWebhook(secret: string, request: WebhookRequest, nowMs: number): WebhookVerdict {
  const { query } = request;
  const body = isRecord(request.body) ? request.body : {};
  const bodyData = isRecord(body.data) ? body.data : {};
  const dataId = text(query['data.id']) ?? text(bodyData.id);
  const check = verifyWebhookSignature(
    secret,
    header(request.headers, 'x-signature'),
    { dataId, requestId: header(request.headers, 'x-request-id') },
    { nowMs, toleranceMs: WEBHOOK_TOLERANCE_MS },
  );
  if (!check.ok) return { kind: 'invalid', reason: check.reason };
  const topic = text(query.type) ?? text(body.type) ?? text(query.topic);
  if (topic !== 'payment') return { kind: 'ignored' };
  if (!dataId) return { kind: 'invalid', reason: 'missing data.id' };
  return { kind: 'payment', paymentId: dataId };
}

/** Node lower-cases header names; other callers may not. */
function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
