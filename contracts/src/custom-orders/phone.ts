import { PHONE_PATTERN } from '../accounts/constants';

/** What people type between the digits of a phone number: spaces, dashes, dots, parentheses. */
const PHONE_PUNCTUATION = /[\s().-]/g;

/** The number as the shop keeps it: trimmed, without punctuation. */
export function phoneDigits(phone: string): string {
  return phone.trim().replace(PHONE_PUNCTUATION, '');
}

/** spec §5: an optional plus and 10 to 15 digits (the usual punctuation of a number allowed). */
export function isValidCustomOrderPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phoneDigits(phone));
}
