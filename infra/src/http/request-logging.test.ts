import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { requestLogging, type HttpLoggerFactory } from './request-logging';

/** Stands in for pino-http: records the requests it was handed. */
function recordingFactory() {
  const seen: string[] = [];
  const factory: HttpLoggerFactory = () => (req, _res, next) => {
    seen.push(req.url ?? '');
    next();
  };
  return { seen, factory };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(logger: pino.Logger, factory: HttpLoggerFactory) {
  const app = express();
  app.use(requestLogging(logger, factory));
  app.get('/api/products', (_req, res) => {
    res.json([]);
  });
  const server = await listenOnFreePort(app);
  close = server.close;
  return (path: string) => fetch(`${server.url}${path}`).then((response) => response.status);
}

describe('requestLogging', () => {
  it('given a logger at info, when a request is served, then pino-http sees it', async () => {
    const { seen, factory } = recordingFactory();
    const get = await serve(pino({ level: 'info' }, { write: () => {} }), factory);
    expect(await get('/api/products')).toBe(200);
    expect(seen).toEqual(['/api/products']);
  });

  it('given a logger that drops info, when requests are served, then pino-http is skipped until the level is raised', async () => {
    const { seen, factory } = recordingFactory();
    const logger = pino({ level: 'warn' }, { write: () => {} });
    const get = await serve(logger, factory);
    expect(await get('/api/products')).toBe(200);
    expect(seen).toEqual([]);
    logger.level = 'debug';
    expect(await get('/api/products?again')).toBe(200);
    expect(seen).toEqual(['/api/products?again']);
  });
});
