/** Card numbers run up to 19 digits (ISO/IEC 7812). */
const MAX_CARD_DIGITS = 19;

/** '4235 6477 2802 5682': the digits typed or pasted, in blocks of four. */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
