import { describe, expect, it } from 'vitest';
import {
  combinedStatusLabel,
  formatShopDay,
  formatShopTime,
  orderStatusLabel,
  paymentStatusLabel,
  refundLabel,
} from './order-labels';

describe('order labels (spec §4)', () => {
  it.each([
    ['approved', 'processing', 'Aprovado ✔ (Em Preparação)'],
    ['approved', 'in_transit', 'Aprovado ✔ (Em Trânsito)'],
    ['approved', 'delivered', 'Aprovado ✔ (Entregue)'],
    ['pending', 'pending', 'Pendente (Pendente)'],
    ['rejected', 'cancelled', 'Cancelado (Rejeitado)'],
    ['refunded', 'cancelled', 'Cancelado (Reembolsado)'],
  ] as const)('given payment %s and order %s, then %j', (paymentStatus, orderStatus, label) => {
    expect(combinedStatusLabel({ paymentStatus, orderStatus, total: 51, refundedTotal: 0 })).toBe(
      label,
    );
  });

  it.each([
    ['refunded', 'cancelled', 120, 'Cancelado (Reembolsado)'],
    ['approved', 'delivered', 20, 'Aprovado ✔ (Entregue) · Reembolso parcial de R$ 20,00'],
    ['approved', 'cancelled', 120, 'Aprovado ✔ (Cancelado) · Reembolsado'],
    ['charged_back', 'delivered', 0, 'Entregue (Estornado)'],
  ] as const)(
    'given payment %s, order %s and R$ %d of R$ 120,00 refunded, then %j (issue 38)',
    (paymentStatus, orderStatus, refundedTotal, label) => {
      expect(combinedStatusLabel({ paymentStatus, orderStatus, total: 120, refundedTotal })).toBe(
        label,
      );
    },
  );

  it('given what went back, then Reembolsado, a partial refund with its amount, or nothing', () => {
    expect(refundLabel({ total: 120, refundedTotal: 120 })).toBe('Reembolsado');
    expect(refundLabel({ total: 120.3, refundedTotal: 20.1 })).toBe(
      'Reembolso parcial de R$ 20,10',
    );
    expect(refundLabel({ total: 120, refundedTotal: 0 })).toBeNull();
  });

  it('given a status nobody knows, then Desconhecido', () => {
    expect(orderStatusLabel('lost')).toBe('Desconhecido');
    expect(orderStatusLabel('toString')).toBe('Desconhecido');
    expect(paymentStatusLabel('weird')).toBe('Desconhecido');
  });

  it('given times, then the day and hour in the shop zone', () => {
    expect(formatShopDay('2030-11-19T02:30:00.000Z')).toBe('18/11/2030');
    expect(formatShopTime('2030-11-19T02:30:00.000Z')).toBe('23:30');
    expect(formatShopDay('2030-11-25T14:30')).toBe('25/11/2030');
    expect(formatShopTime('2030-11-25T14:30')).toBe('14:30');
    expect(formatShopDay('não é data')).toBeNull();
  });
});
