import { formatDigitableLine } from '@quitute/contracts';
import { describe, expect, it } from 'vitest';
import {
  boletoNumbers,
  digitableLineFromBarcode,
  dueDateFactor,
  isValidBarcode,
  mod10,
  mod11,
} from './boleto';

/** Banco do Brasil's published test boleto (integration-facts §5.2). */
const published = {
  bankCode: '001',
  amountCents: 123_278,
  freeField: '0000001234567000000000117',
};

describe('due-date factor', () => {
  it('given dates before the 2025 reset, when the factor is computed, then it counts days since 1997-10-07', () => {
    expect(dueDateFactor('1997-10-08')).toBe(1);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2016-08-17')).toBe(6889);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
  });

  it('given dates from 2025-02-22, when the factor is computed, then it restarts at 1000 and keeps counting', () => {
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2026-08-17')).toBe(1541);
  });

  it('given the end of the second cycle, when the factor is computed, then it reaches 9999 on 2049-10-13 and restarts the day after', () => {
    expect(dueDateFactor('2049-10-13')).toBe(9999);
    expect(dueDateFactor('2049-10-14')).toBe(1000);
  });

  it('given a date that is not a calendar day or precedes the base, when the factor is computed, then it refuses', () => {
    expect(() => dueDateFactor('2025-02-30')).toThrow(RangeError);
    expect(() => dueDateFactor('17/08/2026')).toThrow(RangeError);
    expect(() => dueDateFactor('1997-10-07')).toThrow(RangeError);
  });
});

describe('check digits', () => {
  it('given the published fields, when mod 10 and mod 11 are computed, then they match the published digits', () => {
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0123456700')).toBe(4);
    expect(mod10('0000000117')).toBe(2);
    expect(mod11('0019688900001232780000001234567000000000117')).toBe(4);
  });

  it('given a mod 11 remainder of 0, 10 or 11, when the general digit is computed, then it is 1', () => {
    // weights from the right: 2·0 + 3·0 + … — a sum of 0 gives 11 − 0 = 11
    expect(mod11('0'.repeat(43))).toBe(1);
  });
});

describe('boletoNumbers', () => {
  it('given the published 2016 boleto, when its numbers are built, then barcode and linha digitável match the published ones', () => {
    const numbers = boletoNumbers({ ...published, dueDate: '2016-08-17' });
    expect(numbers.barcode).toBe('00194688900001232780000001234567000000000117');
    expect(numbers.digitableLine).toBe('00190000090123456700400000001172468890000123278');
    expect(formatDigitableLine(numbers.digitableLine)).toBe(
      '00190.00009 01234.567004 00000.001172 4 68890000123278',
    );
  });

  it('given the same boleto due after the reset, when its numbers are built, then factor 1541 and general digit 8 appear', () => {
    const { barcode, digitableLine } = boletoNumbers({ ...published, dueDate: '2026-08-17' });
    expect(formatDigitableLine(digitableLine)).toBe(
      '00190.00009 01234.567004 00000.001172 8 15410000123278',
    );
    expect(isValidBarcode(barcode)).toBe(true);
  });

  it('given a Bradesco boleto, when its numbers are built, then both are the right length and consistent', () => {
    const { barcode, digitableLine } = boletoNumbers({
      bankCode: '237',
      amountCents: 4590,
      dueDate: '2026-03-05',
      freeField: '3381090000012345670000010',
    });
    expect(barcode).toMatch(/^2379\d{40}$/);
    expect(barcode.slice(5, 19)).toBe(`${dueDateFactor('2026-03-05')}0000004590`);
    expect(digitableLine).toHaveLength(47);
    expect(isValidBarcode(barcode)).toBe(true);
    expect(digitableLineFromBarcode(barcode)).toBe(digitableLine);
  });

  it('given a changed digit, when the barcode is checked, then it is invalid', () => {
    const { barcode } = boletoNumbers({ ...published, dueDate: '2016-08-17' });
    const tampered =
      barcode.slice(0, 30) + String((Number(barcode[30]) + 1) % 10) + barcode.slice(31);
    expect(isValidBarcode(tampered)).toBe(false);
  });

  it('given a bad bank code, free field or amount, when numbers are built, then it refuses', () => {
    const base = { ...published, dueDate: '2026-08-17' };
    expect(() => boletoNumbers({ ...base, bankCode: '23' })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, freeField: '123' })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, amountCents: -1 })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, amountCents: 10_000_000_000 })).toThrow(RangeError);
  });
});
