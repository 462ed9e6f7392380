import { describe, expect, it } from 'vitest';
import { errorMessage, httpStatus, isConnectionError, serverFieldErrors } from './errors';

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

describe('serverFieldErrors', () => {
  it('given a validation error with fields, then the string messages by field', () => {
    expect(
      serverFieldErrors({
        status: 400,
        data: {
          message: 'Telefone inválido (10-15 dígitos).',
          code: 'validation',
          fields: { phone: 'Telefone inválido (10-15 dígitos).', address: 3 },
        },
      }),
    ).toEqual({ phone: 'Telefone inválido (10-15 dígitos).' });
  });

  it('given no fields, then none', () => {
    expect(serverFieldErrors({ status: 409, data: { message: 'Email já registrado.' } })).toEqual(
      {},
    );
    expect(serverFieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toEqual({});
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('isConnectionError and httpStatus', () => {
  it('given no answer, then a connection error without status', () => {
    expect(isConnectionError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isConnectionError({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe(true);
    expect(httpStatus({ status: 'FETCH_ERROR', error: 'x' })).toBeNull();
  });

  it('given an answer, then its status', () => {
    expect(isConnectionError({ status: 500, data: null })).toBe(false);
    expect(httpStatus({ status: 404, data: null })).toBe(404);
    expect(
      httpStatus({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }),
    ).toBe(502);
    expect(httpStatus({ message: 'boom' })).toBeNull();
  });
});
