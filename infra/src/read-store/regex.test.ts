import { describe, expect, it } from 'vitest';
import { escapeRegex } from './regex';

describe('escapeRegex', () => {
  it('given text full of pattern characters, then the pattern matches exactly that text', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
    const pattern = new RegExp(`^${escapeRegex(text)}$`);
    expect(pattern.test(text)).toBe(true);
    expect(pattern.test('aXb*c+d?e^f$g{h}i(j)k|l[m]n\\o')).toBe(false);
  });
});
