import { maskCep, maskCpf, maskPhone } from '@quitute/contracts';
import { describe, expect, it } from 'vitest';
import { maskWithCaret } from './masked-input';

describe('maskWithCaret', () => {
  it('given a digit typed at the end, then the grouped text with the caret at its end', () => {
    expect(maskWithCaret(maskCpf, '5299', 4)).toEqual({ value: '529.9', caret: 5 });
    expect(maskWithCaret(maskPhone, '(11) 98765-43210', 16)).toEqual({
      value: '(11) 98765-4321',
      caret: 15,
    });
  });

  it('given a number pasted in another form, then the grouped text with the caret at its end', () => {
    expect(maskWithCaret(maskPhone, '+55 11 98765-4321', 17)).toEqual({
      value: '(11) 98765-4321',
      caret: 15,
    });
  });

  it('given a digit typed in the middle, then the caret stays just after it', () => {
    // '529.|982.247-2' + '0' → digits 5290982247 2: the caret after the 4th digit.
    expect(maskWithCaret(maskCpf, '529.0982.247-2', 5)).toEqual({
      value: '529.098.224-72',
      caret: 5,
    });
  });

  it('given a digit deleted in the middle, then the caret stays where the digit was', () => {
    // '(11) 98|765-4321' with Backspace: '(11) 9|765-4321'.
    expect(maskWithCaret(maskPhone, '(11) 9765-4321', 6)).toEqual({
      value: '(11) 9765-4321',
      caret: 6,
    });
  });

  it('given Backspace on a separator, then the digits stay and the caret goes before it', () => {
    // '01310-|100' with Backspace: '01310|100'.
    expect(maskWithCaret(maskCep, '01310100', 5)).toEqual({ value: '01310-100', caret: 5 });
  });

  it('given the caret before every digit, then it stays at the start', () => {
    expect(maskWithCaret(maskPhone, '(11) 98765-4321', 0)).toEqual({
      value: '(11) 98765-4321',
      caret: 0,
    });
  });
});
