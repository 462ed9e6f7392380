import { describe, expect, it } from 'vitest';
import { gsmSeptets, isGsmText, toGsm } from './gsm';

describe('the GSM alphabet of SMS', () => {
  it('given Portuguese text, then the letters GSM has stay and the others lose their accent', () => {
    expect(toGsm('Está pronto: pão, coração, você, ônibus, João')).toBe(
      'Esta pronto: pao, coracao, voce, onibus, Joao',
    );
    expect(toGsm('café às 8h, Çá')).toBe('café às 8h, Ça');
  });

  it('given typographic dashes, quotes and symbols, then their plain forms; an emoji cannot pass unseen', () => {
    expect(toGsm('Quitute — “Doces” · 2 × R$\u00a010…')).toBe('Quitute - "Doces" - 2 x R$ 10...');
    expect(toGsm('Bolo 🎂')).toBe('Bolo ?');
    expect(isGsmText(toGsm('Ação — “ok” 🎂 €'))).toBe(true);
  });

  it('given extended characters, then each takes two septets', () => {
    expect(gsmSeptets('abc')).toBe(3);
    expect(gsmSeptets('€10 [ok]')).toBe(11);
  });

  it('given text outside the alphabet, then it is not GSM text', () => {
    expect(isGsmText('pão')).toBe(false);
    expect(isGsmText('pao é à')).toBe(true);
  });
});
