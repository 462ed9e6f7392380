import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatShopClock,
  formatShopDateTime,
  formatShopDay,
  formatShopDayTime,
  parseShopDateTime,
  shopDate,
  shopInstantOf,
} from './shop-time';

describe('the shop clock (America/Sao_Paulo)', () => {
  it('given 01:30 UTC, when the shop date is asked, then it is still the previous day in São Paulo', () => {
    expect(shopDate(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
  });

  it('given a calendar date, when days are added, then the month and year roll over', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
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

  it('given an ISO time with an offset on no real date or clock, when parsed, then null rather than the day the engine rolls it to', () => {
    // new Date() reads 2026-11-31T12:00Z as 1 December and 24:00Z as the next day: a checkout
    // sent either was booked on a day its text never named.
    for (const text of [
      '2026-11-31T12:00Z',
      '2026-02-30T12:00:00-03:00',
      '2026-12-01T24:00Z',
      '2026-12-01T12:60Z',
      '2026-12-01T12:00:60Z',
      '2026-12-01T17:59:60',
    ]) {
      expect(parseShopDateTime(text), text).toBeNull();
    }
    expect(parseShopDateTime('2026-12-01T12:00:59.999Z')?.toISOString()).toBe(
      '2026-12-01T12:00:59.999Z',
    );
  });

  it('given an instant, when formatted, then it carries the shop offset (with milliseconds when asked)', () => {
    const instant = new Date('2026-11-25T17:30:00.042Z');
    expect(formatShopDateTime(instant)).toBe('2026-11-25T14:30:00-03:00');
    expect(formatShopDateTime(instant, { milliseconds: true })).toBe(
      '2026-11-25T14:30:00.042-03:00',
    );
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

  it('given an instant, when shown to people, then day and clock are the shop’s, as Intl pt-BR writes them', () => {
    const instant = new Date('2026-11-24T02:05:09Z');
    expect(formatShopDay(instant)).toBe('23/11/2026');
    expect(formatShopClock(instant)).toBe('23:05');
    expect(formatShopClock(instant, { seconds: true })).toBe('23:05:09');
    expect(formatShopDayTime(instant)).toBe('23/11/2026 23:05');
    expect(formatShopDayTime(instant, { seconds: true })).toBe('23/11/2026 23:05:09');
    const intl = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    for (const iso of ['2019-01-10T12:00:00Z', '2026-03-01T00:00:00Z', '2026-12-31T23:59:59Z']) {
      const date = new Date(iso);
      expect(formatShopDayTime(date, { seconds: true })).toBe(intl.format(date).replace(',', ''));
    }
  });

  it('given a wall-clock text, an ISO time or nonsense, when its instant is asked, then the instant or null', () => {
    expect(shopInstantOf('2026-11-25T14:30')?.toISOString()).toBe('2026-11-25T17:30:00.000Z');
    expect(shopInstantOf('2026-11-25T17:30:00.000Z')?.toISOString()).toBe(
      '2026-11-25T17:30:00.000Z',
    );
    expect(shopInstantOf('ontem')).toBeNull();
  });
});
