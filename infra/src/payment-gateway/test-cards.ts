/**
 * Mercado Pago's sandbox rules for cards (integration-facts §4.9), as the
 * simulator applies them: the cardholder name picks the outcome, the number
 * picks the brand. Pure.
 */

export interface CardOutcome {
  status: 'approved' | 'in_process' | 'rejected';
  statusDetail: string;
}

const rejected = (statusDetail: string): CardOutcome => ({ status: 'rejected', statusDetail });

/**
 * The documented test names and the `status_detail` each maps to (the
 * mapping itself is not confirmed by Mercado Pago; CARD, INST, DUPL and LOCK
 * follow the names of its rejection details).
 */
export const TEST_CARDHOLDER_OUTCOMES = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  OTHE: rejected('cc_rejected_other_reason'),
  CALL: rejected('cc_rejected_call_for_authorize'),
  FUND: rejected('cc_rejected_insufficient_amount'),
  SECU: rejected('cc_rejected_bad_filled_security_code'),
  EXPI: rejected('cc_rejected_bad_filled_date'),
  FORM: rejected('cc_rejected_bad_filled_other'),
  CARD: rejected('cc_rejected_bad_filled_card_number'),
  INST: rejected('cc_rejected_invalid_installments'),
  DUPL: rejected('cc_rejected_duplicated_payment'),
  LOCK: rejected('cc_rejected_card_disabled'),
} as const satisfies Record<string, CardOutcome>;

export type TestCardholderName = keyof typeof TEST_CARDHOLDER_OUTCOMES;

const isTestName = (name: string): name is TestCardholderName =>
  Object.hasOwn(TEST_CARDHOLDER_OUTCOMES, name);

/**
 * The outcome for a cardholder name, compared trimmed and upper-cased. Any
 * other name (a real person's) is declined for a general reason, as the
 * sandbox declines real data: a payment is approved only when asked for
 * with APRO, never by accident.
 */
export function cardOutcome(cardholderName: string): CardOutcome {
  const name = cardholderName.trim().toUpperCase();
  return isTestName(name) ? TEST_CARDHOLDER_OUTCOMES[name] : TEST_CARDHOLDER_OUTCOMES.OTHE;
}

/** Card number with spaces, dots and dashes removed. */
export const cardDigits = (cardNumber: string): string => cardNumber.replace(/[\s.-]/g, '');

/** 13 to 19 digits whose Luhn checksum is 0. */
export function luhnValid(cardNumber: string): boolean {
  const digits = cardDigits(cardNumber);
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

/** Brands by Mercado Pago's `payment_method_id`. */
export type CardBrand = 'visa' | 'master' | 'elo' | 'amex' | 'hipercard';

type BinRange = readonly [from: number, to: number];

/** Elo's six-digit BIN ranges; several sit inside Visa's 4 and Mastercard's 50/65 prefixes. */
const ELO_BINS: readonly BinRange[] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

const HIPERCARD_BINS: readonly BinRange[] = [
  [606282, 606282],
  [384100, 384100],
  [384140, 384140],
  [384160, 384160],
];

const inRanges = (value: number, ranges: readonly BinRange[]): boolean =>
  ranges.some(([from, to]) => value >= from && value <= to);

/**
 * The brand from the number's first digits, or null when none matches.
 * Elo and Hipercard are checked first because their BINs overlap the others.
 * The rest of the 50 range counts as Mastercard: Mercado Pago's own test
 * Mastercard is 5031 4332 1540 6351.
 */
export function cardBrand(cardNumber: string): CardBrand | null {
  const digits = cardDigits(cardNumber);
  if (!/^\d{6,}$/.test(digits)) return null;
  const bin6 = Number(digits.slice(0, 6));
  const bin4 = Number(digits.slice(0, 4));
  const bin2 = Number(digits.slice(0, 2));
  if (inRanges(bin6, ELO_BINS)) return 'elo';
  if (inRanges(bin6, HIPERCARD_BINS)) return 'hipercard';
  if (bin2 === 34 || bin2 === 37) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  if (bin2 === 50 || (bin2 >= 51 && bin2 <= 55) || (bin4 >= 2221 && bin4 <= 2720)) {
    return 'master';
  }
  return null;
}
