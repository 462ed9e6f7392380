import { describe, expect, it } from 'vitest';
import { moneyInputMessages, parseMoneyInput } from './money';

describe('parseMoneyInput (issue 38: money typed the Brazilian way)', () => {
  it.each([
    ['1,20', 120],
    ['35,50', 3550],
    ['1.234,56', 123456],
    ['1234.56', 123456],
    ['1.20', 120],
    ['1,2', 120],
    ['12', 1200],
    ['0,05', 5],
    ['R$ 1.234,56', 123456],
    ['R$1,20', 120],
    ['1.234.567,89', 123456789],
    ['1.234.567', 123456700],
    ['  7,00 ', 700],
  ])('given %j when parsed then it is %i centavos', (text, cents) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['1.234', moneyInputMessages.ambiguous],
    ['1,234', moneyInputMessages.ambiguous],
    ['1,2,3', moneyInputMessages.ambiguous],
    ['1,234.56', moneyInputMessages.invalid],
    ['12.34,56', moneyInputMessages.invalid],
    ['1,2345', moneyInputMessages.tooManyDecimals],
    ['1.2345', moneyInputMessages.tooManyDecimals],
    ['abc', moneyInputMessages.invalid],
    ['', moneyInputMessages.invalid],
    ['-1,00', moneyInputMessages.negative],
    ['1e3', moneyInputMessages.invalid],
  ])('given %j when parsed then it is refused with its reason', (text, message) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false, message });
  });

  it('given a JSON number when parsed then whole centavos pass and a third decimal is refused', () => {
    expect(parseMoneyInput(1.2)).toEqual({ ok: true, cents: 120 });
    expect(parseMoneyInput(19.99)).toEqual({ ok: true, cents: 1999 });
    expect(parseMoneyInput(1.234)).toEqual({
      ok: false,
      message: moneyInputMessages.tooManyDecimals,
    });
    expect(parseMoneyInput(-1)).toEqual({ ok: false, message: moneyInputMessages.negative });
  });
});
