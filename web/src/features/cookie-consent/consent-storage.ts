import {
  COOKIE_CONSENT_DATE_STORAGE_KEY as CONSENT_DATE_KEY,
  COOKIE_CONSENT_DAYS,
  COOKIE_CONSENT_STORAGE_KEY as CONSENT_KEY,
  type CookieConsentValue as Consent,
} from '@quitute/contracts';
import { readStorage, writeStorage } from '../../lib/storage';

export { CONSENT_DATE_KEY, CONSENT_KEY, type Consent };

const DAY_MS = 24 * 60 * 60 * 1000;

function isConsent(value: string | null | undefined): value is Consent {
  return value === 'accepted' || value === 'rejected';
}

function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The visitor's earlier choice, from local storage or (where storage is off) the cookie. */
export function storedConsent(storage: Storage | undefined, cookies: string): Consent | null {
  const stored = readStorage(storage, CONSENT_KEY);
  if (isConsent(stored)) return stored;
  const cookie = cookieValue(cookies, CONSENT_KEY);
  return isConsent(cookie) ? cookie : null;
}

/** The two 365-day cookies of a choice: the consent and the date it was given (spec §4, §9). */
export function consentCookies(consent: Consent, now: Date, secure: boolean): string[] {
  const attributes = [
    `expires=${new Date(now.getTime() + COOKIE_CONSENT_DAYS * DAY_MS).toUTCString()}`,
    'path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return [
    `${CONSENT_KEY}=${consent}; ${attributes}`,
    `${CONSENT_DATE_KEY}=${encodeURIComponent(now.toISOString())}; ${attributes}`,
  ];
}

/** Keeps the choice in local storage and in the cookies. */
export function storeConsent(
  consent: Consent,
  {
    storage,
    now,
    document: target,
  }: { storage: Storage | undefined; now: Date; document: Document },
): void {
  writeStorage(storage, CONSENT_KEY, consent);
  writeStorage(storage, CONSENT_DATE_KEY, now.toISOString());
  for (const cookie of consentCookies(consent, now, target.location.protocol === 'https:')) {
    target.cookie = cookie;
  }
}
