import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, quantitiesIn, sameWord, singular, wordsOf } from './words';

describe('chatbot words', () => {
  it.each([
    ['coxinhas', 'coxinha'],
    ['paes', 'pao'],
    ['pasteis', 'pastel'],
    ['kits', 'kit'],
    ['mil', 'mil'],
  ])('given %j, then its singular is %j', (word, expected) => {
    expect(singular(word)).toBe(expected);
  });

  it('given accents, capitals and "1.000", then folded words and one number', () => {
    expect(wordsOf('Quero 1.000 Pães!')).toEqual(['quero', '1000', 'paes']);
  });

  it.each([
    ['cochinha', 'coxinha'],
    ['quibe', 'kibe'],
    ['brigadero', 'brigadeiro'],
    ['brigaderio', 'brigadeiro'],
  ])('given %j, then it is the word %j', (typed, name) => {
    expect(sameWord(typed, name)).toBe(true);
  });

  it.each([
    ['bolo', 'bola'],
    ['quero', 'queijo'],
    ['1', '2'],
  ])('given %j, then it is not %j', (typed, name) => {
    expect(sameWord(typed, name)).toBe(false);
  });

  it.each([
    ['quero 100 coxinhas', 100],
    ['cem', 100],
    ['cinquenta', 50],
    ['um cento', 100],
    ['meio cento', 50],
    ['cento e vinte', 120],
    ['duzentos e cinquenta', 250],
    ['duas duzias', 24],
    ['meia duzia', 6],
    ['dois mil e quinhentos', 2500],
    ['2 mil', 2000],
  ])('given %j, then the quantity %i', (text, value) => {
    expect(quantitiesIn(wordsOf(text)).map((found) => found.value)).toEqual([value]);
  });

  it('given two figures joined by "e", then two quantities where each stands', () => {
    expect(quantitiesIn(wordsOf('100 coxinhas e 50 brigadeiros'))).toEqual([
      { value: 100, start: 0, end: 1 },
      { value: 50, start: 3, end: 4 },
    ]);
  });

  it('given a number beyond any order, then no quantity', () => {
    expect(quantitiesIn(wordsOf(String(MAX_QUANTITY + 1)))).toEqual([]);
  });
});
