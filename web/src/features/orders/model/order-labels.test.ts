import { describe, expect, it } from 'vitest';
import {
  combinedStatusLabel,
  formatShopDay,
  formatShopTime,
  orderStatusLabel,
  paymentStatusLabel,
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
    expect(combinedStatusLabel({ paymentStatus, orderStatus })).toBe(label);
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
