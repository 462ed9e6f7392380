import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@quitute/contracts';
import {
  DuplicateEventIdError,
  StoreUnavailableError,
  WrongExpectedRevisionError,
} from '../event-store/port';
import { unavailable } from '../errors';
import { createLogger } from '../logging';
import { listenOnFreePort } from '../testing';
import { errorHandler } from './error-handler';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line) => lines.push(line) },
  });
  const app = express();
  app.use(express.json());
  app.get('/mail/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.get('/provider', () => {
    throw Object.assign(new Error('Bad Request'), { status: 400, params: ['Rua Secreta, 42'] });
  });
  app.get('/duplicate-event', () => {
    throw new DuplicateEventIdError('order-1', '0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10');
  });
  app.get('/revision-conflict', () => {
    throw new WrongExpectedRevisionError('order-1', 0, 1);
  });
  app.get('/lookup-down', () => {
    throw unavailable('Não foi possível consultar agora.');
  });
  app.get('/store-down', () => {
    throw new StoreUnavailableError(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    );
  });
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  app.use(errorHandler(logger));
  const server = await listenOnFreePort(app);
  close = server.close;
  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
  };
  return { call, lines };
}

describe('errorHandler', () => {
  it('given a path parameter that is not percent-encoded UTF-8, then 400 and no error logged', async () => {
    const { call, lines } = await serve();
    expect(await call('/mail/%80%00')).toMatchObject({
      status: 400,
      body: { message: messages.invalidRequest, code: 'validation' },
    });
    expect(lines).toEqual([]);
  });

  it('given a body that is not JSON, then 400 as before', async () => {
    const { call } = await serve();
    const answer = await call('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"address":',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: messages.invalidRequest, code: 'validation' },
    });
  });

  it('given a body over the parser’s limit, then 413 saying it is too large, and no error logged', async () => {
    const { call, lines } = await serve();
    const answer = await call('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'a'.repeat(200 * 1024) }),
    });
    expect(answer).toMatchObject({
      status: 413,
      body: { message: messages.requestTooLarge, code: 'too_large' },
    });
    expect(lines).toEqual([]);
  });

  it('given some other error with a 4xx status, then 500, logged without the data it carried', async () => {
    const { call, lines } = await serve();
    expect(await call('/provider')).toMatchObject({
      status: 500,
      body: { message: messages.internalError, code: 'internal' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"unhandled error"');
    expect(lines[0]).not.toContain('Rua Secreta');
  });

  it('given an append that reused an event id with other content, then 409 conflict', async () => {
    const { call } = await serve();
    expect(await call('/duplicate-event')).toMatchObject({
      status: 409,
      body: { message: messages.duplicateEvent, code: 'conflict' },
    });
  });

  it('given a revision conflict, then 412 as before', async () => {
    const { call } = await serve();
    expect(await call('/revision-conflict')).toMatchObject({
      status: 412,
      body: { message: messages.revisionConflict, code: 'revision_conflict' },
    });
  });

  it('given a route unavailable for now (a lookup down), then 503 with its message and Retry-After', async () => {
    const { call } = await serve();
    expect(await call('/lookup-down')).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: 'Não foi possível consultar agora.', code: 'unavailable' },
    });
  });

  it('given a store whose server cannot be reached, then 503 with Retry-After, logged as a warning', async () => {
    const { call, lines } = await serve();
    expect(await call('/store-down')).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: messages.unavailable, code: 'unavailable' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"store unavailable"');
  });
});
