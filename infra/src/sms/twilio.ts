import type twilioSdk from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { z } from 'zod';
import type { SmsSender } from './port';

export const TWILIO_API_URL = 'https://api.twilio.com';

/** The longest a message may wait for Twilio's answer, in milliseconds. */
export const DEFAULT_TWILIO_TIMEOUT_MS = 10_000;

export interface TwilioSmsSenderOptions {
  /** `AC` and 32 hexadecimal digits. */
  accountSid: string;
  authToken: string;
  /** The shop's Twilio number, E.164 (`+5511…`). */
  from: string;
  /** Another API origin (a local fake of Twilio in tests); Twilio's own when unset. */
  apiUrl?: string;
  timeoutMs?: number;
}

export interface TwilioSmsSender extends SmsSender {
  readonly transport: 'twilio';
}

export const TWILIO_ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/**
 * What a send rejects with: Twilio's own message when it answered (`status`
 * and Twilio's error `code` then say why: a 4xx is not worth retrying), else
 * why it could not be asked. Made afresh so that nothing of the request (its
 * Authorization header rides on the HTTP client's errors) reaches a log.
 */
export class TwilioSmsError extends Error {
  override readonly name = 'TwilioSmsError';
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Both of the SDK's exceptions (RestException, TwilioServiceException) carry these. */
const answeredError = z.object({
  status: z.number(),
  message: z.string(),
  code: z.number().optional(),
  detail: z.string().optional(),
});
const networkError = z.object({ code: z.string(), message: z.string() });

function toSmsError(error: unknown, timeoutMs: number): TwilioSmsError {
  const answered = answeredError.safeParse(error);
  if (answered.success) {
    const { status, message, code, detail } = answered.data;
    return new TwilioSmsError(detail ? `${message}: ${detail}` : message, status, code);
  }
  const network = networkError.safeParse(error);
  if (network.success && ['ECONNABORTED', 'ETIMEDOUT'].includes(network.data.code)) {
    return new TwilioSmsError(`Twilio did not answer within ${timeoutMs} ms`);
  }
  const reason = network.success ? network.data.message : String(error);
  return new TwilioSmsError(`Twilio could not be reached: ${reason}`);
}

type Sdk = typeof twilioSdk;

/**
 * The SDK's own HTTP client (the documented way to change how it calls
 * Twilio), sending every request to `base` instead of api.twilio.com.
 */
function requestClientFor(sdk: Sdk, base: URL | undefined, timeoutMs: number) {
  if (!base) return new sdk.RequestClient({ timeout: timeoutMs });
  class RebasedRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const uri = new URL(opts.uri);
      const rebased = new URL(`${uri.pathname}${uri.search}`, base);
      return super.request<TData>({ ...opts, uri: rebased.href });
    }
  }
  return new RebasedRequestClient({ timeout: timeoutMs });
}

/**
 * Twilio's Programmable Messaging through its official SDK, loaded at the
 * first send: a shop without Twilio never loads it. No retry here (the
 * notifier retries with backoff); each request is bounded by `timeoutMs`.
 */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): TwilioSmsSender {
  const { accountSid, authToken, from, timeoutMs = DEFAULT_TWILIO_TIMEOUT_MS } = options;
  // Checked here because the SDK, loaded at the first send, would only fail then.
  if (!TWILIO_ACCOUNT_SID_PATTERN.test(accountSid)) {
    throw new Error('The Twilio account SID must be AC followed by 32 hexadecimal digits');
  }
  if (!authToken) throw new Error('The Twilio auth token must not be empty');
  if (!E164_PATTERN.test(from)) {
    throw new Error('The Twilio sender must be a number in E.164 form, such as +5511987654321');
  }
  const apiUrl = options.apiUrl ?? TWILIO_API_URL;
  if (!/^https?:\/\/[^/]/.test(apiUrl) || !URL.canParse(apiUrl)) {
    throw new Error('The Twilio API URL must be an http(s) URL');
  }
  const base = apiUrl === TWILIO_API_URL ? undefined : new URL(apiUrl);

  let client: Promise<twilioSdk.Twilio> | undefined;
  return {
    transport: 'twilio',
    async send(sms) {
      client ??= import('twilio').then(({ default: sdk }) =>
        sdk(accountSid, authToken, {
          httpClient: requestClientFor(sdk, base, timeoutMs),
          autoRetry: false,
        }),
      );
      // A failure to load is not kept: the next message tries again.
      const twilio = await client.catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      try {
        const message = await twilio.messages.create({ to: sms.to, from, body: sms.text });
        return { messageId: message.sid };
      } catch (error) {
        throw toSmsError(error, timeoutMs);
      }
    },
  };
}
