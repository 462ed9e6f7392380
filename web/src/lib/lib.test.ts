import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './image-url';
import { whatsappUrl } from './whatsapp';

describe('whatsappUrl', () => {
  it("given the shop's phone, then wa.me/55 followed by its digits", () => {
    expect(whatsappUrl()).toBe('https://wa.me/5511987654321');
  });

  it('given a message, then it is URL-encoded as text', () => {
    expect(whatsappUrl('Olá, tudo bem?')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20tudo%20bem%3F',
    );
  });
});

describe('resolveImageUrl', () => {
  const origin = 'https://quitute.test';

  it('given a path, then an absolute URL on the API origin', () => {
    expect(resolveImageUrl('/images/cardapio/kibe.svg', origin)).toBe(
      'https://quitute.test/images/cardapio/kibe.svg',
    );
    expect(resolveImageUrl('images/kibe.svg', origin)).toBe('https://quitute.test/images/kibe.svg');
  });

  it('given an absolute URL, then it is kept', () => {
    expect(resolveImageUrl('https://cdn.test/a.png', origin)).toBe('https://cdn.test/a.png');
  });

  it.each([null, undefined, '', '   '])('given %j, then no image', (value) => {
    expect(resolveImageUrl(value, origin)).toBeNull();
  });
});
