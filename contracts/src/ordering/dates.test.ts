import { describe, expect, it } from 'vitest';
import {
  addDays,
  earliestDeliveryDate,
  formatShopDateTime,
  parseShopDateTime,
  shopDate,
} from './dates';

describe('shop dates (America/Sao_Paulo)', () => {
  it('given 01:30 UTC, when the shop date is asked, then it is still the previous day in São Paulo', () => {
    expect(shopDate(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
  });

  it('given today in São Paulo, when the earliest delivery date is asked, then it is two days later, across a month end', () => {
    expect(earliestDeliveryDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-25');
    expect(earliestDeliveryDate(new Date('2026-12-31T02:00:00Z'))).toBe('2027-01-01');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('given a datetime-local value, when parsed, then it is that wall-clock time in São Paulo', () => {
    expect(parseShopDateTime('2026-11-25T14:30')?.toISOString()).toBe('2026-11-25T17:30:00.000Z');
    expect(parseShopDateTime('2026-11-25T14:30:00-03:00')?.toISOString()).toBe(
      '2026-11-25T17:30:00.000Z',
    );
  });

  it('given no real date, when parsed, then null', () => {
    for (const text of ['2026-02-30T10:00', '2026-11-25', 'amanhã', '2026-11-25T25:00', '']) {
      expect(parseShopDateTime(text)).toBeNull();
    }
  });

  it('given an instant, when formatted, then it carries the shop offset', () => {
    expect(formatShopDateTime(new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-25T14:30:00-03:00');
  });

  it("given the instants around Brazil's last clock changes, when formatted and parsed, then each side has its own offset", () => {
    // Summer time began at midnight on 2018-11-04 and ended at midnight on 2019-02-17.
    expect(formatShopDateTime(new Date('2018-11-04T02:59:59Z'))).toBe('2018-11-03T23:59:59-03:00');
    expect(formatShopDateTime(new Date('2018-11-04T03:00:00Z'))).toBe('2018-11-04T01:00:00-02:00');
    expect(formatShopDateTime(new Date('2019-02-17T01:59:59Z'))).toBe('2019-02-16T23:59:59-02:00');
    expect(formatShopDateTime(new Date('2019-02-17T02:00:00Z'))).toBe('2019-02-16T23:00:00-03:00');
    expect(parseShopDateTime('2018-11-05T10:00')?.toISOString()).toBe('2018-11-05T12:00:00.000Z');
    expect(parseShopDateTime('2018-11-02T10:00')?.toISOString()).toBe('2018-11-02T13:00:00.000Z');
  });
});
