import { describe, expect, it } from 'vitest';
import { earliestDeliveryDate } from './dates';

describe('earliest delivery date (spec §5)', () => {
  it('given today in São Paulo, when the earliest delivery date is asked, then it is two days later, across a month end', () => {
    expect(earliestDeliveryDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-25');
    expect(earliestDeliveryDate(new Date('2026-12-31T02:00:00Z'))).toBe('2027-01-01');
  });
});
