import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fetch-stub';
import '../testing/render';
import { createBaseQuery, isTransientError, sessionToken } from './base-query';

function baseQueryApi(type: 'query' | 'mutation'): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: () => {},
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type,
  };
}

describe('isTransientError', () => {
  it.each([
    [{ status: 'FETCH_ERROR', error: 'x' }, true],
    [{ status: 'TIMEOUT_ERROR', error: 'x' }, true],
    [{ status: 500, data: null }, true],
    [{ status: 503, data: null }, true],
    [{ status: 400, data: null }, false],
    [{ status: 404, data: null }, false],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' }, false],
  ] as const)('given %j, then %s', (error, expected) => {
    expect(isTransientError(error)).toBe(expected);
  });
});

describe('createBaseQuery', () => {
  const baseUrl = 'http://shop.test';

  it('given a server that fails with 503 three times, when a query allows 3 retries, then it waits 1 s, 2 s and 3 s and succeeds on the 4th try', async () => {
    vi.useFakeTimers();
    let calls = 0;
    stubFetch(() => (++calls <= 3 ? json({ message: 'fora' }, { status: 503 }) : json([1])));
    const query = createBaseQuery({ baseUrl });

    const result = query('/api/products', baseQueryApi('query'), { maxRetries: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(4);

    expect(await result).toMatchObject({ data: [1] });
  });

  it('given a network that keeps failing, then it gives up after 3 retries with the last error', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    });
    const query = createBaseQuery({ baseUrl, retryStepMs: 1 });

    const result = await query('/api/products', baseQueryApi('query'), { maxRetries: 3 });

    expect(calls).toBe(4);
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('given a 4xx, then no retry', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return json({ message: 'Parâmetros de busca inválidos.' }, { status: 400 });
    });
    const query = createBaseQuery({ baseUrl, retryStepMs: 1 });

    const result = await query('/api/products', baseQueryApi('query'), { maxRetries: 3 });

    expect(calls).toBe(1);
    expect(result.error).toEqual({
      status: 400,
      data: { message: 'Parâmetros de busca inválidos.' },
    });
  });

  it('given a mutation, then never retried even when asked', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return json({}, { status: 500 });
    });
    const query = createBaseQuery({ baseUrl, retryStepMs: 1 });

    await query({ url: '/carrinho', method: 'POST' }, baseQueryApi('mutation'), { maxRetries: 3 });

    expect(calls).toBe(1);
  });

  it('given an endpoint that does not opt in, then no retry', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return json({}, { status: 500 });
    });
    const query = createBaseQuery({ baseUrl, retryStepMs: 1 });

    await query('/api/orders', baseQueryApi('query'), {});

    expect(calls).toBe(1);
  });

  it('given a relative path, then the request goes to the base URL', async () => {
    const requests = stubFetch(() => json([]));
    await createBaseQuery({ baseUrl })('/api/products', baseQueryApi('query'), {});
    expect(requests[0]?.url).toBe('http://shop.test/api/products');
  });
});

describe('bearer token', () => {
  const baseUrl = 'http://shop.test';
  const withState = (state: unknown): BaseQueryApi => ({
    ...baseQueryApi('query'),
    getState: () => state,
  });

  it('given a session token in the store, then every request carries Authorization: Bearer <token>', async () => {
    const requests = stubFetch(() => json({}));
    await createBaseQuery({ baseUrl })(
      '/api/products',
      withState({ auth: { token: 'abc.def.ghi' } }),
      {},
    );
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('given no session, then no Authorization header', async () => {
    const requests = stubFetch(() => json({}));
    await createBaseQuery({ baseUrl })('/api/products', withState({ auth: { token: null } }), {});
    await createBaseQuery({ baseUrl })('/api/products', withState({}), {});
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([null, null]);
  });
});

describe('sessionToken', () => {
  it.each([
    [{ auth: { token: 'x.y.z' } }, 'x.y.z'],
    [{ auth: { token: '' } }, null],
    [{ auth: { token: 42 } }, null],
    [{ auth: null }, null],
    [undefined, null],
  ])('given %j, then %j', (state, expected) => {
    expect(sessionToken(state)).toBe(expected);
  });
});
