import { describe, expect, it } from 'vitest';
import { cardBrand, cardOutcome, luhnValid } from './test-cards';

/** Mercado Pago's Brazilian test cards (integration-facts §4.9). */
const MP_TEST_CARDS = {
  master: '5031 4332 1540 6351',
  visa: '4235 6477 2802 5682',
  amex: '3753 651535 56885',
  elo: '5067 7667 8388 8311',
};

describe('cardOutcome', () => {
  it.each([
    ['APRO', 'approved', 'accredited'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
  ])(
    'given the cardholder name %s, when the outcome is decided, then it is %s/%s',
    (name, status, statusDetail) => {
      expect(cardOutcome(name)).toEqual({ status, statusDetail });
    },
  );

  it('given a test name in lower case with spaces, when the outcome is decided, then it still matches', () => {
    expect(cardOutcome('  apro ')).toEqual({ status: 'approved', statusDetail: 'accredited' });
  });

  it('given a real name or an inherited property name, when the outcome is decided, then it is declined for a general reason', () => {
    const declined = { status: 'rejected', statusDetail: 'cc_rejected_other_reason' };
    expect(cardOutcome('Maria da Silva')).toEqual(declined);
    expect(cardOutcome('')).toEqual(declined);
    expect(cardOutcome('constructor')).toEqual(declined);
  });
});

describe('luhnValid', () => {
  it("given Mercado Pago's test cards, when checked, then all pass", () => {
    for (const number of Object.values(MP_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });

  it('given a changed digit, too few digits or letters, when checked, then it fails', () => {
    expect(luhnValid('4235 6477 2802 5683')).toBe(false);
    expect(luhnValid('4235 6477 28')).toBe(false);
    expect(luhnValid('4235 6477 2802 568a')).toBe(false);
  });
});

describe('cardBrand', () => {
  it("given Mercado Pago's test cards, when the brand is read, then each is its documented brand", () => {
    for (const [brand, number] of Object.entries(MP_TEST_CARDS)) {
      expect(cardBrand(number)).toBe(brand);
    }
  });

  it('given numbers at the edges of each range, when the brand is read, then Elo wins its overlaps', () => {
    expect(cardBrand('4011780000000000')).toBe('elo');
    expect(cardBrand('4389350000000000')).toBe('elo');
    expect(cardBrand('6362970000000000')).toBe('elo');
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5105105105105100')).toBe('master');
    expect(cardBrand('5555555555554444')).toBe('master');
    expect(cardBrand('2221000000000009')).toBe('master');
    expect(cardBrand('2720990000000000')).toBe('master');
    expect(cardBrand('2721000000000000')).toBeNull();
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('341111111111111')).toBe('amex');
    expect(cardBrand('6062825624254001')).toBe('hipercard');
    expect(cardBrand('6011111111111117')).toBeNull();
    expect(cardBrand('12')).toBeNull();
  });
});
