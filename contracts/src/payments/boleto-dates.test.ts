import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  bankHolidays,
  boletoDueDate,
  earliestBoletoDeliveryDay,
  isBusinessDay,
} from './boleto-dates';

describe('boleto dates (issue 38: a boleto only when it clears before the date)', () => {
  it('given 2026 when its bank holidays are listed then the moveable ones follow Easter (5 April)', () => {
    const days = bankHolidays(2026);
    for (const day of [
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-06-04',
      '2026-11-20',
      '2026-12-25',
    ]) {
      expect(days.has(day), day).toBe(true);
    }
    expect(days.has('2026-04-06')).toBe(false);
  });

  it('given weekends and holidays when counting business days then they are skipped', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Consciência Negra
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02'); // Fri → Mon, Tue, Wed
    expect(addBusinessDays('2026-12-23', 3)).toBe('2026-12-29'); // skips Christmas and the weekend
  });

  it('given an order on Friday for the next Thursday when the due date is computed then it is Friday itself (credited by Wednesday)', () => {
    expect(boletoDueDate('2026-11-27', '2026-12-03')).toBe('2026-11-27');
  });

  it('given a delivery far ahead when the due date is computed then it is at most three days out, on a business day', () => {
    // Friday + 3 days is Monday (a business day).
    expect(boletoDueDate('2026-11-27', '2026-12-20')).toBe('2026-11-30');
    // Wednesday + 3 days is Saturday: the Friday before.
    expect(boletoDueDate('2026-11-25', '2026-12-20')).toBe('2026-11-27');
  });

  it('given the spec minimum of two days ahead when a boleto is asked then it is not offered', () => {
    expect(boletoDueDate('2026-11-27', '2026-11-29')).toBeNull();
    expect(boletoDueDate('2026-11-27', '2026-12-02')).toBeNull(); // Fri → credited Wed at the latest
  });

  it('given an order on a Saturday when the earliest boleto day is asked then it counts from the next business day', () => {
    // Due Monday 30/11 at the latest, credited by Thursday 03/12: delivery from Friday 04/12.
    expect(earliestBoletoDeliveryDay('2026-11-28')).toBe('2026-12-04');
    expect(boletoDueDate('2026-11-28', '2026-12-04')).toBe('2026-11-30');
    expect(boletoDueDate('2026-11-28', '2026-12-03')).toBeNull();
  });
});
