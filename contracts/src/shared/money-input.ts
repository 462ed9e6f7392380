/**
 * Money typed the Brazilian way (issue 38). Apart from money.ts so that the
 * shop's pages, which only format money, do not load it; money.ts re-exports it.
 */

/** Why a typed amount was refused (pt-BR, shown beside the field). */
export const moneyInputMessages = {
  invalid: 'Valor inválido. Digite em reais, por exemplo 1.234,56.',
  ambiguous:
    'Valor ambíguo: use a vírgula para os centavos (1,20) e o ponto só para os milhares (1.234,56).',
  tooManyDecimals: 'Use no máximo duas casas decimais.',
  negative: 'O valor não pode ser negativo.',
} as const;

export type MoneyInput = { ok: true; cents: number } | { ok: false; message: string };

const MONEY_TEXT = /^(?:R\$)?\s*(-)?\s*([\d.,]+)$/u;

/**
 * An amount in reais as a Brazilian types it (issue 38), exactly, in centavos:
 * '1,20' and '1.234,56' (comma for the cents, dots for the thousands), and
 * '1234.56' or '1.20' (a dot with one or two decimals, as a number input or a
 * spreadsheet gives it). A reading that could mean two amounts is refused
 * rather than guessed: '1.234' (a thousand, or one real and a fraction?) and
 * '1,234'; so are a third decimal, letters, and a negative amount.
 */
export function parseMoneyInput(input: string | number): MoneyInput {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: moneyInputMessages.invalid };
    if (input < 0) return { ok: false, message: moneyInputMessages.negative };
    const cents = Math.round(input * 100);
    if (Math.abs(cents - input * 100) > 1e-6) {
      return { ok: false, message: moneyInputMessages.tooManyDecimals };
    }
    return { ok: true, cents };
  }
  const match = MONEY_TEXT.exec(input.trim().replace(/\s+/gu, ' '));
  if (!match) return { ok: false, message: moneyInputMessages.invalid };
  if (match[1]) return { ok: false, message: moneyInputMessages.negative };
  const text = match[2] ?? '';
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  let whole: string;
  let fraction = '';
  if (commas > 1) return { ok: false, message: moneyInputMessages.ambiguous };
  if (commas === 1) {
    // 1.234,56: the comma is the decimal mark; dots may only group thousands.
    [whole = '', fraction = ''] = text.split(',');
    if (dots > 0 && !/^\d{1,3}(?:\.\d{3})+$/u.test(whole)) {
      return { ok: false, message: moneyInputMessages.invalid };
    }
    whole = whole.replaceAll('.', '');
    if (fraction.length === 3 && dots === 0) {
      return { ok: false, message: moneyInputMessages.ambiguous };
    }
  } else if (dots === 1) {
    const [before = '', after = ''] = text.split('.');
    if (after.length === 3) return { ok: false, message: moneyInputMessages.ambiguous };
    whole = before;
    fraction = after;
  } else if (dots > 1) {
    // 1.234.567: only thousands.
    if (!/^\d{1,3}(?:\.\d{3})+$/u.test(text))
      return { ok: false, message: moneyInputMessages.invalid };
    whole = text.replaceAll('.', '');
  } else {
    whole = text;
  }
  if (!/^\d+$/u.test(whole) || !/^\d*$/u.test(fraction)) {
    return { ok: false, message: moneyInputMessages.invalid };
  }
  if (fraction.length > 2) return { ok: false, message: moneyInputMessages.tooManyDecimals };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: moneyInputMessages.invalid };
  return { ok: true, cents };
}
