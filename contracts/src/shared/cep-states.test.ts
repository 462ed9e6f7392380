import { describe, expect, it } from 'vitest';
import { cepMatchesState, stateOfCep } from './cep-states';

describe('stateOfCep', () => {
  it.each([
    ['01310100', 'SP'],
    ['20040020', 'RJ'],
    ['29000000', 'ES'],
    ['69301000', 'RR'],
    ['69400000', 'AM'],
    ['70040010', 'DF'],
    ['72800000', 'GO'],
    ['73000000', 'DF'],
    ['90010000', 'RS'],
    ['99999999', 'RS'],
  ])('given the CEP %s, then its state is %s', (cep, state) => {
    expect(stateOfCep(cep)).toBe(state);
  });

  it('given a CEP below every range, then no state', () => {
    expect(stateOfCep('00999999')).toBeNull();
  });

  it('given a São Paulo CEP, when the address says RJ, then they do not match', () => {
    expect(cepMatchesState('01310100', 'RJ')).toBe(false);
    expect(cepMatchesState('01310100', 'SP')).toBe(true);
  });
});
