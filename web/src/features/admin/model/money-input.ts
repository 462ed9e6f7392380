import { centsToReais, formatBRL, parseMoneyInput } from '@quitute/contracts';

/**
 * An admin's money field as typed (issue 38 point 7): blank, an amount in
 * reais (parseMoneyInput: '1,20', '1.234,56', '1234.56'), or refused with the
 * reason to show beside the field.
 */
export type MoneyReading =
  { kind: 'blank' } | { kind: 'amount'; reais: number } | { kind: 'refused'; message: string };

export function readMoneyInput(text: string): MoneyReading {
  if (text.trim() === '') return { kind: 'blank' };
  const parsed = parseMoneyInput(text);
  return parsed.ok
    ? { kind: 'amount', reais: centsToReais(parsed.cents) }
    : { kind: 'refused', message: parsed.message };
}

/** A saved amount as the admin edits it: 1.2 → '1,20', 1234.5 → '1.234,50' (never '1.2'). */
export function moneyInputText(reais: number): string {
  return formatBRL(reais).replace(/^R\$\s?/u, '');
}

/** What is saved, shown under the field as soon as the text parses: 'Será salvo: R$ 1,20'. */
export function moneyWillSave(reais: number): string {
  return `Será salvo: ${formatBRL(reais)}`;
}
