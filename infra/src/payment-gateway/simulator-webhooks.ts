import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logging';
import type { WebhookRequest, WebhookVerdict } from './port';
import { newNumericId, type NotificationAction } from './simulator-book';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export interface WebhookDelivery {
  /** Posts the notification in the background, to the payment's own URL or the default one. */
  notify(paymentId: string, notificationUrl: string | undefined, action: NotificationAction): void;
  /** Resolves once every notification sent so far was delivered or given up on. */
  settled(): Promise<void>;
  /** Ends the retries and the notifications being posted. */
  close(): void;
}

/**
 * Signed notifications posted to the shop like Mercado Pago's, through
 * kept-alive connections, each tried again after each of `retryDelaysMs`
 * before it is given up on (logged).
 */
export function startWebhookDelivery(options: {
  secret: string;
  /** Where notifications go unless a payment names its own; read at each use. */
  defaultUrl: () => string | undefined;
  now: () => Date;
  logger: Logger | undefined;
  retryDelaysMs: readonly number[] | undefined;
}): WebhookDelivery {
  const { secret, defaultUrl, now, logger } = options;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const deliveries = new Set<Promise<void>>();
  const stop = new AbortController();

  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  /** Ended by close (one abort listener each on the stop signal would pile up past ten). */
  const posting = new Set<http.ClientRequest>();
  /** POSTs `body` and answers the status (the answer's body is read and dropped). */
  function post(target: URL, headers: Record<string, string>, body: string): Promise<number> {
    const secure = target.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: secure ? agents.https : agents.http,
          timeout: WEBHOOK_TIMEOUT_MS,
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      posting.add(request);
      request.on('close', () => posting.delete(request));
      request.on('timeout', () => request.destroy(new Error('no answer in time')));
      request.on('error', reject);
      request.end(body);
    });
  }

  async function deliver(url: string, paymentId: string, action: string): Promise<void> {
    const target = new URL(url);
    target.searchParams.set('data.id', paymentId);
    target.searchParams.set('type', 'payment');
    const body = JSON.stringify({
      id: Number(newNumericId(11)),
      live_mode: false,
      type: 'payment',
      date_created: now().toISOString(),
      action,
      api_version: 'v1',
      data: { id: paymentId },
    });
    for (let attempt = 0; ; attempt++) {
      const requestId = randomUUID();
      const ts = String(Math.floor(now().getTime() / 1000));
      let failure: string;
      try {
        const status = await post(
          target,
          {
            'content-type': 'application/json',
            'x-request-id': requestId,
            'x-signature': signWebhook(secret, { dataId: paymentId, requestId, ts }),
          },
          body,
        );
        if (status >= 200 && status < 300) return;
        failure = `HTTP ${status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || stop.signal.aborted) {
        logger?.error(
          { paymentId, attempts: attempt + 1, reason: failure },
          'payment simulator: webhook not delivered',
        );
        return;
      }
      logger?.warn(
        { paymentId, attempt: attempt + 1, reason: failure },
        'payment simulator: webhook failed, retrying',
      );
      try {
        await sleep(delay, undefined, { signal: stop.signal, ref: false });
      } catch {
        return;
      }
    }
  }

  return {
    notify(paymentId, notificationUrl, action) {
      const url = notificationUrl ?? defaultUrl();
      if (!url || stop.signal.aborted) return;
      const delivery: Promise<void> = deliver(url, paymentId, action)
        .catch((error: unknown) => {
          logger?.error({ err: error }, 'payment simulator: webhook delivery crashed');
        })
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },

    async settled() {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },

    close() {
      stop.abort();
      for (const request of posting) request.destroy(new Error('payment simulator closed'));
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function property(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The shop's side of a simulator notification: its signature, and the payment it names. */
export function verifyNotification(
  secret: string,
  request: WebhookRequest,
  nowMs: number,
): WebhookVerdict {
  const { query, body, headers } = request;
  const dataId =
    asText(query['data.id']) ??
    asText(property(query.data, 'id')) ??
    asText(property(property(body, 'data'), 'id'));
  const check = verifyWebhookSignature(
    secret,
    firstHeader(headers['x-signature']),
    { dataId, requestId: firstHeader(headers['x-request-id']) },
    { nowMs, toleranceMs: SIGNATURE_TOLERANCE_MS },
  );
  if (!check.ok) return { kind: 'invalid', reason: check.reason };
  const topic =
    asText(query.type) ??
    asText(query.topic) ??
    asText(property(body, 'type')) ??
    asText(property(body, 'topic'));
  if (topic !== 'payment') return { kind: 'ignored' };
  if (!dataId || !/^\d+$/.test(dataId)) return { kind: 'invalid', reason: 'missing data.id' };
  return { kind: 'payment', paymentId: dataId };
}
