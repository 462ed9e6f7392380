import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { phoneNationalDigits } from './br-format';
import { textField } from './text';

/** A Brazilian number and its DDD (10 or 11 digits): the national number of `typed`, or null. */
export function brazilianPhoneDigits(typed: string): string | null {
  const digits = phoneNationalDigits(typed);
  return /^\d{10,11}$/.test(digits) && isValidPhone(digits) ? digits : null;
}

/**
 * A Brazilian phone typed in any usual form ('(11) 98765-4321', '+55 11…'),
 * kept as its 10 or 11 digits; anything else (a foreign number, a DDD that
 * does not exist) is refused with `message`.
 */
export const brazilianPhoneField = (message: string) =>
  textField({ required: message })
    .max(30, message)
    .refine((typed) => brazilianPhoneDigits(typed) !== null, message)
    .transform((typed) => brazilianPhoneDigits(typed) ?? '');
