import { describe, expect, it } from 'vitest';
import { addressLine, dayAndTime, deadline, firstName, greeting, money, shopDay } from './format';
import { deliveryAddress } from './testing';

describe('the e-mails’ formats', () => {
  it('given an order’s time with the shop’s offset, then the weekday, day and time as people say them', () => {
    expect(dayAndTime('2026-12-05T08:00:00-03:00')).toBe('sábado, 05/12/2026 às 08:00');
  });

  it('given a UTC instant, then the shop’s clock in São Paulo reads it (a day earlier at night)', () => {
    expect(dayAndTime('2026-12-07T02:30:00Z')).toBe('domingo, 06/12/2026 às 23:30');
    expect(deadline('2026-11-28T17:30:00.000Z')).toBe('28/11/2026 às 14:30');
    expect(shopDay('2026-12-01T01:00:00Z')).toBe('30/11/2026');
  });

  it('given a text that names no instant, then it is told as given rather than as a wrong date', () => {
    expect(dayAndTime('amanhã cedo')).toBe('amanhã cedo');
  });

  it('given centavos, then reais as people in Brazil write them', () => {
    expect(money(123_456)).toBe('R$ 1.234,56');
    expect(money(0)).toBe('R$ 0,00');
  });

  it('given a full name, then the greeting uses the first; a blank name gets a plain hello', () => {
    expect(firstName('  Ana   Maria Souza ')).toBe('Ana');
    expect(greeting('Ana Souza')).toBe('Olá, Ana!');
    expect(greeting('   ')).toBe('Olá!');
  });

  it('given an address with and without a complement, then one line with the CEP grouped', () => {
    expect(addressLine(deliveryAddress)).toBe(
      'Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000',
    );
    expect(addressLine({ ...deliveryAddress, complement: '' })).toBe(
      'Rua das Flores, 12 — Centro, Campinas/SP, CEP 13010-000',
    );
    const { complement: _omitted, ...withoutComplement } = deliveryAddress;
    expect(addressLine(withoutComplement)).toBe(
      'Rua das Flores, 12 — Centro, Campinas/SP, CEP 13010-000',
    );
  });
});
