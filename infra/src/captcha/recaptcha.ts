import { z } from 'zod';
import type { Captcha } from './port';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaCaptchaOptions {
  secret: string;
  siteKey: string;
  verifyUrl?: string;
  fetch?: typeof fetch;
  /** A sign-up should fail fast rather than hang on a slow Google. */
  timeoutMs?: number;
}

/** Google's tokens are far shorter; anything longer is not worth a round trip. */
const MAX_TOKEN_LENGTH = 8_192;

const siteverifySchema = z.object({ success: z.boolean() });

/**
 * Google reCAPTCHA (v2 checkbox): the browser gets the site key from
 * `challenge()`, Google checks the token. Google refuses a token the second
 * time, so nothing is remembered here.
 */
export function createRecaptchaCaptcha(options: RecaptchaCaptchaOptions): Captcha {
  const {
    secret,
    siteKey,
    verifyUrl = RECAPTCHA_VERIFY_URL,
    fetch: fetchFn = fetch,
    timeoutMs = 10_000,
  } = options;
  if (!secret) throw new Error('reCAPTCHA needs a secret');
  if (!siteKey) throw new Error('reCAPTCHA needs a site key');

  return {
    provider: 'recaptcha',

    challenge: () => Promise.resolve({ provider: 'recaptcha', siteKey }),

    async verify(token, remoteIp) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetchFn(verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return false;
        const result = siteverifySchema.safeParse(await response.json());
        return result.success && result.data.success;
      } catch {
        // An unreachable Google must not let anyone through; the caller answers
        // as for a wrong captcha.
        return false;
      }
    },
  };
}
