import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import type { HealthReport } from '@quitute/infra/projection-progress';
import { listenOnFreePort } from '@quitute/infra/testing';
import { commandServiceApp } from './app';

async function healthWith(report: HealthReport) {
  const server = await listenOnFreePort(
    commandServiceApp(
      { router: Router(), simulatorRoutes: null },
      {
        eventStore: createMemoryEventStore(),
        logger: silentLogger,
        publicUrl: 'http://loja.test',
        health: () => report,
      },
    ),
  );
  try {
    const response = await fetch(`${server.url}/health`);
    return { status: response.status, body: await response.json() };
  } finally {
    await server.close();
  }
}

describe('command-api /health', () => {
  it('given process managers that stopped following the log (lease given up), then /health says degraded with why, still 200: the replica serves commands', async () => {
    const reason = 'process managers: lease given up: payment process: stopped following the log';

    expect(await healthWith({ status: 'degraded', reason })).toEqual({
      status: 200,
      body: { status: 'degraded', reason },
    });
  });

  it('given process managers that run, then /health is ok', async () => {
    expect(await healthWith({ status: 'ok' })).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
