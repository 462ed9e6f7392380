import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { loggablePath, requestLogging } from './request-logging';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A logger at `level` whose lines are kept, parsed. */
function recordingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    {
      write: (line: string) => {
        lines.push(JSON.parse(line));
      },
    },
  );
  return { logger, lines };
}

async function serve(logger: pino.Logger) {
  const app = express();
  app.use(requestLogging(logger));
  app.get(['/api/products', '/reset/:token', '/health'], (_req, res) => {
    res.json([]);
  });
  const server = await listenOnFreePort(app);
  close = server.close;
  return async (path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: 'Bearer segredo', cookie: 'session=segredo' },
    });
    await response.arrayBuffer();
    return response.status;
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('requestLogging', () => {
  it('given a logger at debug, when a request is served, then one short line: method, path, status, ms and no headers', async () => {
    const { logger, lines } = recordingLogger('debug');
    const get = await serve(logger);
    expect(await get('/api/products?busca=coxinha')).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 20,
      msg: expect.stringMatching(/^GET \/api\/products 200 \d+ms$/),
    });
    expect(JSON.stringify(lines)).not.toContain('segredo');
    expect(Object.keys(lines[0] ?? {}).sort()).toEqual(['hostname', 'level', 'msg', 'pid', 'time']);
  });

  it('given the default level (info), when requests are served, then nothing is logged until debug is enabled', async () => {
    const { logger, lines } = recordingLogger('info');
    const get = await serve(logger);
    expect(await get('/api/products')).toBe(200);
    await settle();
    expect(lines).toEqual([]);
    logger.level = 'debug';
    expect(await get('/api/products')).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
  });

  it('given a password-reset link, when it is requested, then the log shows /reset/[redacted], never the token', async () => {
    const { logger, lines } = recordingLogger('debug');
    const get = await serve(logger);
    expect(await get('/reset/tok3n-abc.def?x=1')).toBe(200);
    expect(await get('/health')).toBe(200);
    await settle();
    expect(lines.map((line) => line['msg'])).toEqual([
      expect.stringMatching(/^GET \/reset\/\[redacted\] 200 \d+ms$/),
    ]);
    expect(JSON.stringify(lines)).not.toContain('tok3n');
  });
});

describe('loggablePath', () => {
  it.each([
    ['/api/products?busca=x', '/api/products'],
    ['/reset/abc', '/reset/[redacted]'],
    ['/reset/abc/def?token=1', '/reset/[redacted]/def'],
    ['/reset/', '/reset/'],
    ['/api/auth/reset-password/confirm', '/api/auth/reset-password/confirm'],
    ['/cardapio#topo', '/cardapio'],
  ])('given %s, then %s', (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });
});
