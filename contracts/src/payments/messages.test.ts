import { describe, expect, it } from 'vitest';
import { paymentRejectedMessage } from './messages';

describe("a rejected payment's message (spec §4)", () => {
  it("given a card rejection code of Mercado Pago's, then the detail in pt-BR", () => {
    expect(paymentRejectedMessage('cc_rejected_insufficient_amount')).toBe(
      'Pagamento rejeitado. Detalhes: saldo ou limite insuficiente. Tente novamente.',
    );
  });

  it('given another detail, a sentence or none, then as given with one full stop, or N/A', () => {
    expect(paymentRejectedMessage('Cartão já usado.')).toBe(
      'Pagamento rejeitado. Detalhes: Cartão já usado. Tente novamente.',
    );
    expect(paymentRejectedMessage('by_payer')).toBe(
      'Pagamento rejeitado. Detalhes: by_payer. Tente novamente.',
    );
    expect(paymentRejectedMessage(undefined)).toBe(
      'Pagamento rejeitado. Detalhes: N/A. Tente novamente.',
    );
  });

  it("given a detail named like an object's own property, then as given (no lookup up the prototype)", () => {
    expect(paymentRejectedMessage('constructor')).toBe(
      'Pagamento rejeitado. Detalhes: constructor. Tente novamente.',
    );
    expect(paymentRejectedMessage('__proto__')).toBe(
      'Pagamento rejeitado. Detalhes: __proto__. Tente novamente.',
    );
  });
});
