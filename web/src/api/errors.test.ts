import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  const fallback = 'Falha ao carregar cardápio. Tente novamente mais tarde.';

  it('given a server { message }, then that message', () => {
    expect(
      errorMessage({ status: 500, data: { message: 'Serviço indisponível.' } }, fallback),
    ).toBe('Serviço indisponível.');
  });

  it('given no usable message, then the fallback', () => {
    expect(errorMessage({ status: 500, data: '<html>' }, fallback)).toBe(fallback);
    expect(errorMessage({ status: 500, data: { message: '  ' } }, fallback)).toBe(fallback);
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, fallback)).toBe(fallback);
    expect(errorMessage({ message: 'boom' }, fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
  });
});
