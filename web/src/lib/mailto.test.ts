import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('given an ordinary address, then a plain mailto link', () => {
    expect(mailtoHref('marina@example.com')).toBe('mailto:marina@example.com');
  });

  it('given an address carrying a query (cc, subject, body), then the query is part of the address, not of the link', () => {
    const href = mailtoHref('a@b.c?cc=evil%40attacker.com&subject=Oi&body=Pague');
    expect(href).toBe('mailto:a@b.c%3Fcc%3Devil%2540attacker.com%26subject%3DOi%26body%3DPague');
    const link = new URL(href);
    expect(link.search).toBe('');
    expect(link.hash).toBe('');
  });

  it("given a '+' or a '#' in the address, then each is kept as one encoded character", () => {
    expect(mailtoHref('ana+festa@example.com')).toBe('mailto:ana%2Bfesta@example.com');
    expect(new URL(mailtoHref('a#b@example.com')).hash).toBe('');
  });
});
