import fs from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@quitute/infra/logging';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

let dataDir: string;
const running: EmbeddedServer[] = [];

beforeEach(async () => {
  dataDir = await makeDataDir('quitute-metrics');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(config: { production?: boolean; metricsToken?: string } = {}) {
  const server = await createEmbeddedServer(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', ...config },
    silentLogger,
    {
      web: noWebApp,
      passwords: cheapPasswords,
    },
  );
  running.push(server);
  return server.listen();
}

async function scrape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, body: await response.text() };
}

describe('embedded /metrics', () => {
  it('given a shop on loopback in development, when a route is read and a command is refused, then /metrics shows the route pattern, the rejection, the appends and the projections', async () => {
    const url = await start();
    await fetch(`${url}/api/orders/${crypto.randomUUID()}`);
    const refused = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'não é e-mail' }),
    });
    expect(refused.status).toBe(400);

    const { status, body } = await scrape(url);

    expect(status).toBe(200);
    expect(body).toMatch(
      /quitute_http_request_duration_seconds_count\{method="GET",route="\/api\/orders\/:id",status_code="401"\} 1/,
    );
    expect(body).toContain(
      'quitute_commands_rejected_total{command="POST /api/auth/login",reason="validation"} 1',
    );
    expect(body).toContain('quitute_events_appended_total{event_type="ProductAdded"} 24');
    expect(body).toMatch(/quitute_projection_lag\{projection="menu_v\d+"\} \d+/);
    expect(body).toContain('quitute_socket_connections 0');
  });

  it('given production without METRICS_TOKEN, when /metrics is asked, then it answers 404', async () => {
    const url = await start({ production: true });

    expect((await scrape(url)).status).toBe(404);
  });
});
