import { createAltchaCaptcha } from './altcha';
import { createRecaptchaCaptcha } from './recaptcha';
import type { Captcha } from './port';
import type { ReplayGuard } from './replay-guard';

export type { Captcha } from './port';
export type { AltchaCaptchaOptions } from './altcha';
export type { RecaptchaCaptchaOptions } from './recaptcha';
export type { ReplayGuard } from './replay-guard';
export {
  CLOCK_SKEW_MARGIN_MS,
  createMemoryReplayGuard,
  createRedisReplayGuard,
  createReplayGuard,
} from './replay-guard';
export {
  ALTCHA_ALGORITHM,
  DEFAULT_ALTCHA_COST,
  DEFAULT_ALTCHA_COUNTER,
  DEFAULT_ALTCHA_TTL_MS,
} from './altcha';
export { RECAPTCHA_VERIFY_URL } from './recaptcha';
export { createAltchaCaptcha, createRecaptchaCaptcha };

/**
 * reCAPTCHA when its secret is set (ARCHITECTURE §2), otherwise self-hosted
 * ALTCHA. A secret without a site key is a configuration mistake: the browser
 * could never render the widget, so start-up fails.
 */
export function createCaptcha(config: {
  recaptchaSecret?: string | undefined;
  recaptchaSiteKey?: string | undefined;
  hmacKey: string;
  /** ALTCHA's memory of accepted solutions: `createReplayGuard({ redisUrl })`; per process when unset. */
  replayGuard?: ReplayGuard | undefined;
}): Captcha {
  if (config.recaptchaSecret) {
    if (!config.recaptchaSiteKey) {
      throw new Error(
        'reCAPTCHA has a secret but no site key: configure both, or neither for ALTCHA',
      );
    }
    return createRecaptchaCaptcha({
      secret: config.recaptchaSecret,
      siteKey: config.recaptchaSiteKey,
    });
  }
  return createAltchaCaptcha({
    hmacKey: config.hmacKey,
    ...(config.replayGuard ? { replayGuard: config.replayGuard } : {}),
  });
}
