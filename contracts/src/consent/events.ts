import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { COOKIE_CONSENT_VALUES } from './constants';

/**
 * Cookie consent, stream `consent-<consentId>`: one stream per browser (the id
 * its consent cookie carries). A choice is recorded when it differs from the
 * browser's last one. Append-only (STYLE rule 3).
 */
export const cookieConsentRecordedSchema = z.object({
  consentId: z.uuid(),
  consent: z.enum(COOKIE_CONSENT_VALUES),
  /** The signed-in customer who chose, when a valid token came along. */
  userId: z.uuid().optional(),
});

export const consentEventSchemas = {
  CookieConsentRecorded: cookieConsentRecordedSchema,
} as const;
export type ConsentEvent = EventOf<typeof consentEventSchemas>;

export function consentStreamName(consentId: string): string {
  return `consent-${consentId}`;
}
