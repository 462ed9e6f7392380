import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runPaced } from './paced-load';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A server answering each POST after `delayMs`, counting the connections it was opened. */
async function slowServer(delayMs: number) {
  const seen = { requests: 0, connections: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      seen.requests += 1;
      setTimeout(() => response.end('{}'), delayMs);
    });
  });
  server.on('connection', () => (seen.connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

const post = () => ({
  path: '/carrinho',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});

describe('runPaced', () => {
  it('given a server that keeps up, when sent 200 requests a second for 1 s over 4 connections, then every request is answered at that rate, each in about the server time', async () => {
    const { url, seen } = await slowServer(5);

    const figures = await runPaced({
      url,
      connections: 4,
      rate: 200,
      seconds: 1,
      nextRequest: post,
    });

    expect(figures.completed).toBe(200);
    expect(seen.requests).toBe(200);
    expect(seen.connections).toBeLessThanOrEqual(4);
    expect(figures.requestsPerSecond).toBeGreaterThan(150);
    expect(figures.requestsPerSecond).toBeLessThan(210);
    expect(figures.p50).toBeGreaterThanOrEqual(5);
    expect(figures.p50).toBeLessThan(100);
    expect([figures.errors, figures.non2xx]).toEqual([0, 0]);
  });

  it('given a server slower than the rate, when paced, then the latencies count the time requests waited for a connection', async () => {
    // One connection and 20 ms an answer carry 50 a second: at 100 a second the
    // queue grows by about 50 a second, the last of 100 requests due at 990 ms
    // answered near 2,000 ms.
    const { url } = await slowServer(20);

    const figures = await runPaced({
      url,
      connections: 1,
      rate: 100,
      seconds: 1,
      nextRequest: post,
    });

    expect(figures.completed).toBe(100);
    expect(figures.p99).toBeGreaterThan(600);
    expect(figures.p50).toBeGreaterThan(figures.p99 / 4);
  });

  it('given a server that cuts every answer off mid-body, when paced, then the run ends and counts each request an error, none answered', async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      request.once('end', () => {
        response.writeHead(200, { 'content-length': '100' });
        response.write('{"cortado":');
        setTimeout(() => response.socket?.destroy(), 5);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const figures = await runPaced({
      url: `http://127.0.0.1:${port}`,
      connections: 2,
      rate: 50,
      seconds: 0.2,
      nextRequest: post,
    });

    expect([figures.completed, figures.errors]).toEqual([0, 10]);
  });
});
