import { describe, expect, it } from 'vitest';
import { moneyInputMessages, parseMoneyInput } from './money';
import { adminProductBodySchema } from '../catalog/admin-dto';
import { adminSaleBodySchema } from '../sales/admin-dto';

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

describe('the admin money fields (issue 38: "1,20" saved R$ 120,00)', () => {
  it.each([
    ['1,20', 1.2],
    ['35,50', 35.5],
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    [19.9, 19.9],
  ])(
    'given a product price %j when the body is read then the price is %d reais',
    (price, reais) => {
      const body = adminProductBodySchema.parse({ ...product, price });
      expect(body.price).toBe(reais);
    },
  );

  it('given a counter sale amount "1.234" when the body is read then it is refused as ambiguous', () => {
    const parsed = adminSaleBodySchema.safeParse({
      clientName: 'Balcão',
      amount: '1.234',
      date: '2026-11-20',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(moneyInputMessages.ambiguous);
  });
});

const product = {
  name: 'Brigadeiro',
  category: 'Doces Tradicionais',
  stock: 10,
};
