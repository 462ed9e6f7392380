import { describe, expect, it } from 'vitest';
import { noticePlacement } from './notice-placement';

/** A 390 × 844 phone screen whose toast stands 24 px above its foot, 80 px tall. */
const toast = { top: 740, bottom: 820 };

describe('where the cart toast shows (issue 36: it never covers the button it answers, nor the cookie banner)', () => {
  it('given the button high on the screen, then at the foot', () => {
    expect(noticePlacement([{ top: 300, bottom: 344 }], toast, 8)).toBe('bottom');
  });

  it('given the button where the toast would stand, then under the header', () => {
    expect(noticePlacement([{ top: 760, bottom: 804 }], toast, 8)).toBe('top');
  });

  it('given the button just above the toast, within the gap, then under the header', () => {
    expect(noticePlacement([{ top: 690, bottom: 735 }], toast, 8)).toBe('top');
  });

  it('given the button partly below the fold, overlapping the toast, then under the header', () => {
    expect(noticePlacement([{ top: 800, bottom: 860 }], toast, 8)).toBe('top');
  });

  it('given no button (a sync that ends after login), then at the foot', () => {
    expect(noticePlacement([], toast, 8)).toBe('bottom');
  });

  it("given the cookie banner at the foot and the button high up, then under the header (the banner's buttons stay reachable)", () => {
    const button = { top: 300, bottom: 344 };
    const cookieBanner = { top: 530, bottom: 832 };
    expect(noticePlacement([button, cookieBanner], toast, 8)).toBe('top');
  });
});
