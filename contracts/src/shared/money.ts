/** Money is integer centavos inside; the HTTP shapes the spec names carry reais. */

export function centsToReais(cents: number): number {
  return cents / 100;
}

export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56` (a normal space after the symbol, whatever the ICU version prints). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\s/u, ' ');
}

// The parser of typed amounts lives in its own module: only admin code reads it, and the
// shop's pages that format money do not carry it (the checkout's JavaScript budget).
export { moneyInputMessages, parseMoneyInput, type MoneyInput } from './money-input';
