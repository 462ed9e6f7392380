/**
 * Boleto numbers (integration-facts §5.2): the 44-digit barcode and the
 * 47-digit linha digitável, with FEBRABAN's mod-10/mod-11 check digits and
 * the due-date factor (reset to 1000 on 2025-02-22). Pure.
 */
export interface BoletoInput {
  /** Bank code, 3 digits (`237` Bradesco, Mercado Pago's `bolbradesco`). */
  bankCode: string;
  amountCents: number;
  /** Calendar due date, `YYYY-MM-DD`. */
  dueDate: string;
  /** The bank's own 25 digits (agency, wallet, "nosso número", account). */
  freeField: string;
}

export interface BoletoNumbers {
  /** 44 digits. */
  barcode: string;
  /** 47 digits, no punctuation. */
  digitableLine: string;
}

const CURRENCY_REAL = '9';
const FACTOR_BASE_MS = Date.UTC(1997, 9, 7);
const DAY_MS = 86_400_000;
const MAX_AMOUNT_CENTS = 9_999_999_999;

function calendarDayMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return ms;
}

/**
 * Days since 1997-10-07 up to 9999 (2025-02-21); after that the count
 * restarts at 1000 every 9000 days.
 */
export function dueDateFactor(dueDate: string): number {
  const days = Math.round((calendarDayMs(dueDate) - FACTOR_BASE_MS) / DAY_MS);
  if (days < 1) throw new RangeError(`due date before the factor's base date: ${dueDate}`);
  return days <= 9999 ? days : ((days - 10_000) % 9000) + 1000;
}

/** Per field of the linha digitável: weights 2,1,2,1… from the right, digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * (2 + (index % 8));
  });
  const result = 11 - (sum % 11);
  return result === 0 || result === 10 || result === 11 ? 1 : result;
}

/** A 44-digit barcode whose general check digit (position 5) is right. */
export function isValidBarcode(barcode: string): boolean {
  return (
    /^\d{44}$/.test(barcode) && Number(barcode[4]) === mod11(barcode.slice(0, 4) + barcode.slice(5))
  );
}

/** The linha digitável is the barcode's digits rearranged into five fields, three with a check digit. */
export function digitableLineFromBarcode(barcode: string): string {
  if (!isValidBarcode(barcode)) throw new RangeError('not a valid 44-digit boleto barcode');
  const freeField = barcode.slice(19);
  const withCheck = (digits: string) => digits + String(mod10(digits));
  return (
    withCheck(barcode.slice(0, 4) + freeField.slice(0, 5)) +
    withCheck(freeField.slice(5, 15)) +
    withCheck(freeField.slice(15, 25)) +
    barcode[4] +
    barcode.slice(5, 19)
  );
}

export function boletoNumbers(input: BoletoInput): BoletoNumbers {
  if (!/^\d{3}$/.test(input.bankCode)) throw new RangeError('bank code must be 3 digits');
  if (!/^\d{25}$/.test(input.freeField)) throw new RangeError('free field must be 25 digits');
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents < 0 ||
    input.amountCents > MAX_AMOUNT_CENTS
  ) {
    throw new RangeError('boleto amount must be 0 to 9 999 999 999 centavos');
  }
  const factor = String(dueDateFactor(input.dueDate)).padStart(4, '0');
  const amount = String(input.amountCents).padStart(10, '0');
  const head = input.bankCode + CURRENCY_REAL;
  const tail = factor + amount + input.freeField;
  const barcode = head + String(mod11(head + tail)) + tail;
  return { barcode, digitableLine: digitableLineFromBarcode(barcode) };
}
