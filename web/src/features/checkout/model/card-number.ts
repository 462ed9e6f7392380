/** Card numbers run up to 19 digits (ISO/IEC 7812). */
const MAX_CARD_DIGITS = 19;

/** '4235 6477 2802 5682': the digits typed or pasted, in blocks of four. */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** How many digits stand before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

/**
 * Where the caret goes in the grouped number: right after the same count of
 * digits as before it, so typing or deleting in the middle keeps its place.
 */
export function caretAfterDigits(grouped: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < grouped.length; index += 1) {
    if (/\d/.test(grouped.charAt(index))) seen += 1;
    if (seen === digits) return index + 1;
  }
  return grouped.length;
}
