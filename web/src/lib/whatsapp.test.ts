import { describe, expect, it } from 'vitest';
import { whatsappUrl } from './whatsapp';

describe('whatsappUrl', () => {
  it('given the shop’s number as stored (digits) and a text, then Brazil’s country code before it, and the text encoded', () => {
    expect(whatsappUrl('11987654321', 'Olá! 100 coxinhas')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20100%20coxinhas',
    );
  });

  it('given a Brazilian number as typed, then its digits after 55', () => {
    expect(whatsappUrl('(21) 99876-5432')).toBe('https://wa.me/5521998765432');
  });

  it('given a number with a leading plus, then its digits as they are', () => {
    expect(whatsappUrl('+351 912 345 678')).toBe('https://wa.me/351912345678');
  });
});
