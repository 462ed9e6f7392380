/** The banner's two answers (spec §4); the web app stores them as `cookieConsent`. */
export const COOKIE_CONSENT_VALUES = ['accepted', 'rejected'] as const;
export type CookieConsentValue = (typeof COOKIE_CONSENT_VALUES)[number];

/** spec §4, §9: the choice is kept for 365 days; the banner shows 1 s after load. */
export const COOKIE_CONSENT_DAYS = 365;
export const COOKIE_CONSENT_BANNER_DELAY_MS = 1_000;

/** The web app's local storage keys (spec §3). */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';
export const COOKIE_CONSENT_DATE_STORAGE_KEY = 'cookieConsentDate';

/**
 * The server's httpOnly cookie naming this browser's consent record, so a
 * repeated choice from the same browser is recognised.
 */
export const CONSENT_ID_COOKIE = 'quitute_consent_id';
