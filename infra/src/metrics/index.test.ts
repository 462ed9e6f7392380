import type http from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../bus/memory';
import { createMemoryEventStore } from '../event-store/memory';
import { listenOnFreePort } from '../testing';
import { createMetrics, metricsAccess, type MetricsAccess } from './index';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-25T12:00:00.000Z',
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(access: MetricsAccess) {
  const metrics = createMetrics({ access });
  const app = express();
  app.use(metrics.http);
  app.get('/api/admin/orders/:id', (_req, res) => {
    res.json({ ok: true });
  });
  app.use((_req, res) => {
    res.status(404).json({ message: 'Recurso não encontrado.' });
  });
  const server = await listenOnFreePort(app);
  close = server.close;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    return { status: response.status, body: await response.text() };
  };
  return { metrics, get };
}

const seriesOf = (body: string, name: string) =>
  body.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('metrics', () => {
  it('given a request to a route, when /metrics is read, then the latency histogram is labelled with the route pattern', async () => {
    const { get } = await serve('loopback');
    await get('/api/admin/orders/0b7c5a55-1c2b-4a57-9d3e-8f1f0e6e3a11');

    const { status, body } = await get('/metrics');

    expect(status).toBe(200);
    expect(body).toContain(
      'quitute_http_request_duration_seconds_count{method="GET",route="/api/admin/orders/:id",status_code="200"} 1',
    );
    expect(body).toContain('process_resident_memory_bytes');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('given requests with random ids and unknown paths, when /metrics is read, then they add no label values beyond the route pattern and unmatched', async () => {
    const { get } = await serve('loopback');
    for (let i = 0; i < 20; i++) {
      await get(`/api/admin/orders/${crypto.randomUUID()}?x=${i}`);
      await get(`/${crypto.randomUUID()}/${i}`);
    }

    const { body } = await get('/metrics');

    const counts = seriesOf(body, 'quitute_http_request_duration_seconds_count');
    expect(counts).toEqual([
      'quitute_http_request_duration_seconds_count{method="GET",route="/api/admin/orders/:id",status_code="200"} 20',
      'quitute_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 20',
    ]);
  });

  it('given production without a token, when /metrics is asked, then it answers 404 like an unknown path', async () => {
    const { get } = await serve(metricsAccess({ production: true }));

    expect((await get('/metrics')).status).toBe(404);
  });

  it('given a token, when /metrics is asked without it or with another, then 401; with it, then 200', async () => {
    const { get } = await serve(metricsAccess({ token: TOKEN, production: true }));

    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer another-token' })).status).toBe(401);
    const allowed = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('quitute_http_request_duration_seconds');
  });

  it('given development without a token, when /metrics is asked through a proxy, then it answers 404', async () => {
    const { get } = await serve(metricsAccess({ production: false }));

    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    expect((await get('/metrics')).status).toBe(200);
  });

  it('given a bare node server, when /metrics is closed, then serve answers 404 and leaves other paths alone', async () => {
    const metrics = createMetrics({ access: 'closed' });
    const server = await listenOnFreePort((req: http.IncomingMessage, res: http.ServerResponse) => {
      void metrics.serve(req, res).then((served) => {
        if (!served) res.end('health');
      });
    });
    close = server.close;

    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/health`)).text()).toBe('health');
  });

  it('given an event store that can release its read memory, when counted by the metrics, then the counted store releases it through; one that cannot stays without it', async () => {
    const metrics = createMetrics({ access: 'closed' });
    const memory = createMemoryEventStore();
    let released = 0;
    const releasing = {
      ...memory,
      releaseReadMemory: async () => {
        released += 1;
      },
    };

    await metrics.countAppends(releasing).releaseReadMemory?.();

    expect(released).toBe(1);
    expect(metrics.countAppends(memory).releaseReadMemory).toBeUndefined();
  });

  it('given an event store and a bus counted by the metrics, when events are appended and messages flow, then they are counted by type and topic', async () => {
    const metrics = createMetrics({ access: 'closed' });
    const store = metrics.countAppends(createMemoryEventStore());
    const bus = metrics.countMessages(createMemoryBus());
    const handled: string[] = [];
    await bus.subscribe('quitute.payments', 'g', async (message) => {
      handled.push(message.id);
    });

    await store.appendToStream('product-1', [
      { id: crypto.randomUUID(), type: 'ProductAdded', data: {}, metadata },
      { id: crypto.randomUUID(), type: 'ProductAdded', data: {}, metadata },
      { id: crypto.randomUUID(), type: 'ProductDeleted', data: {}, metadata },
    ]);
    await bus.publish('quitute.payments', [
      { id: 'm1', key: 'k', type: 'PaymentApproved', payload: {} },
    ]);
    await expect.poll(() => handled).toEqual(['m1']);

    const body = await metrics.registry.metrics();
    expect(body).toContain('quitute_events_appended_total{event_type="ProductAdded"} 2');
    expect(body).toContain('quitute_events_appended_total{event_type="ProductDeleted"} 1');
    expect(body).toContain('quitute_bus_messages_published_total{topic="quitute.payments"} 1');
    expect(body).toContain('quitute_bus_messages_consumed_total{topic="quitute.payments"} 1');
    await bus.close();
  });

  it('given watched projections and sockets, when scraped, then each projection reports how far behind the head it is', async () => {
    const metrics = createMetrics({ access: 'closed' });
    metrics.watchProjections(
      () => [
        { projection: 'orders_v1', position: 40 },
        { projection: 'menu_v1', position: 42 },
      ],
      async () => 42,
    );
    metrics.watchSocketConnections(() => 3);

    const body = await metrics.registry.metrics();

    expect(body).toContain('quitute_projection_lag{projection="orders_v1"} 2');
    expect(body).toContain('quitute_projection_lag{projection="menu_v1"} 0');
    expect(body).toContain('quitute_socket_connections 3');
  });
});
