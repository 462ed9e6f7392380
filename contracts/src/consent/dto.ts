import { z } from 'zod';
import { COOKIE_CONSENT_VALUES } from './constants';
import { consentMessages as m } from './messages';

/** POST /api/cookie-consent (spec §7): the banner posts `{ consent: 'accepted' }`; 'rejected' is recorded too. */
export const cookieConsentBodySchema = z.strictObject({
  consent: z.enum(COOKIE_CONSENT_VALUES, { error: m.invalid }),
});
export type CookieConsentBody = z.infer<typeof cookieConsentBodySchema>;

/** Its answer: the choice now on record for this browser, and the command's `position`. */
export const cookieConsentResponseSchema = z.object({
  message: z.string(),
  consent: z.enum(COOKIE_CONSENT_VALUES),
  position: z.number().int(),
});
export type CookieConsentResponse = z.infer<typeof cookieConsentResponseSchema>;
