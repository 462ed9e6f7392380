import { describe, expect, it } from 'vitest';
import { moneyInputText, moneyWillSave, readMoneyInput } from './money-input';
import { checkRefundForm, refundSubmissions } from './refund-form';

describe('readMoneyInput (issue 38 point 7)', () => {
  it('given amounts typed the Brazilian way or as a number input gives them, then exactly that amount', () => {
    expect(readMoneyInput('1,20')).toEqual({ kind: 'amount', reais: 1.2 });
    expect(readMoneyInput('35,50')).toEqual({ kind: 'amount', reais: 35.5 });
    expect(readMoneyInput('1.234,56')).toEqual({ kind: 'amount', reais: 1234.56 });
    expect(readMoneyInput('1234.56')).toEqual({ kind: 'amount', reais: 1234.56 });
    expect(readMoneyInput('  ')).toEqual({ kind: 'blank' });
  });

  it('given an ambiguous or invalid text, then refused with its message', () => {
    expect(readMoneyInput('1.234')).toMatchObject({ kind: 'refused', message: /Valor ambíguo/ });
    expect(readMoneyInput('doze')).toMatchObject({ kind: 'refused', message: /Valor inválido/ });
    expect(readMoneyInput('1,234')).toMatchObject({ kind: 'refused' });
  });

  it('given a saved amount, then it is edited as pt-BR text and shown as what will be saved', () => {
    expect(moneyInputText(1.2)).toBe('1,20');
    expect(moneyInputText(1234.5)).toBe('1.234,50');
    expect(readMoneyInput(moneyInputText(1234.5))).toEqual({ kind: 'amount', reais: 1234.5 });
    expect(moneyWillSave(1.2)).toBe('Será salvo: R$ 1,20');
  });
});

describe('checkRefundForm', () => {
  it('given a blank amount, then the whole remainder (no amount sent); the reason is trimmed', () => {
    expect(checkRefundForm('', '  Item   em falta ', 120)).toEqual({
      ok: true,
      request: { reason: 'Item em falta' },
    });
  });

  it('given zero, more than is left, or no reason, then the messages of the refund rules', () => {
    expect(checkRefundForm('0,00', 'x', 120)).toEqual({
      ok: false,
      errors: { amount: 'O valor do reembolso deve ser maior que zero.' },
    });
    expect(checkRefundForm('120,01', '', 120)).toEqual({
      ok: false,
      errors: {
        amount: 'O valor é maior que o restante a reembolsar deste pedido (R$ 120,00).',
        reason: 'Informe o motivo do reembolso.',
      },
    });
    expect(checkRefundForm('1', 'x'.repeat(201), 120)).toMatchObject({
      errors: { reason: 'O motivo do reembolso deve ter no máximo 200 caracteres.' },
    });
  });
});

describe('refundSubmissions', () => {
  it('given the same submission sent again before an answer, then the same key; after an answer or with other data, a new one', () => {
    let next = 0;
    const submissions = refundSubmissions(() => `key-${++next}`);
    const request = { amount: 10, reason: 'Atraso' };
    expect(submissions.keyFor(request)).toBe('key-1');
    expect(submissions.keyFor({ ...request })).toBe('key-1');
    expect(submissions.keyFor({ ...request, amount: 11 })).toBe('key-2');
    submissions.answered();
    expect(submissions.keyFor({ ...request, amount: 11 })).toBe('key-3');
  });
});
