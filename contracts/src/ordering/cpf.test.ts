import { describe, expect, it } from 'vitest';
import { cpfDigits, isValidCpf } from './cpf';

describe('CPF (spec §5)', () => {
  it('given valid CPFs with or without punctuation, when checked, then they pass', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
  });

  it('given a wrong check digit, repeated digits or the wrong length, when checked, then they fail', () => {
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('given punctuation, when reduced to digits, then only digits remain', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
  });
});
