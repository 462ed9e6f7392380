import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './image-url';
import { reviewDateText } from './review-date';
import { whatsappUrl } from './whatsapp';

describe('whatsappUrl', () => {
  it("given the shop's phone, then wa.me/55 followed by its digits", () => {
    expect(whatsappUrl('11987654321')).toBe('https://wa.me/5511987654321');
  });

  it('given a message, then it is URL-encoded as text', () => {
    expect(whatsappUrl('11987654321', 'Olá, tudo bem?')).toBe(
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

describe('reviewDateText (customer spec §8)', () => {
  it('given an ISO time, then dd/MM/yyyy in the shop time zone (with HH:mm when asked)', () => {
    expect(reviewDateText('2030-11-21T02:30:00.000Z')).toBe('20/11/2030');
    expect(reviewDateText('2030-11-21T02:30:00.000Z', true)).toBe('20/11/2030 23:30');
  });

  it("given no date, then 'Data não disponível'; given one that cannot be read, then 'Data inválida'", () => {
    expect(reviewDateText(null)).toBe('Data não disponível');
    expect(reviewDateText('')).toBe('Data não disponível');
    expect(reviewDateText('amanhã')).toBe('Data inválida');
  });
});
