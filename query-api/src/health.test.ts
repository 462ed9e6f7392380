import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@quitute/infra/auth';
import { createAltchaCaptcha } from '@quitute/infra/captcha';
import { silentLogger } from '@quitute/infra/logging';
import type { HealthReport } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from './app';

async function healthAnswer(
  report: HealthReport,
  from: { trustProxy?: number; headers?: Record<string, string> } = {},
) {
  const served = await listenOnFreePort(
    createQueryApp({
      readStore: createMemoryReadStore(),
      waitForPosition: async () => true,
      health: () => report,
      logger: silentLogger,
      tokens: createTokenVerifier({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
      captcha: createAltchaCaptcha({ hmacKey: 'a-test-hmac-key-that-is-long-enough-0123456' }),
      ...(from.trustProxy === undefined ? {} : { trustProxy: from.trustProxy }),
    }),
  );
  try {
    const response = await fetch(`${served.url}/health`, { headers: from.headers ?? {} });
    return { status: response.status, body: await response.json() };
  } finally {
    await served.close();
  }
}

describe('GET /health', () => {
  it('given the read models up to date, then 200 {"status":"ok"}', async () => {
    expect(await healthAnswer({ status: 'ok' })).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('given the event subscription retrying, then still 200 (the process serves) with the reason', async () => {
    const report: HealthReport = {
      status: 'degraded',
      reason: 'event store unreachable, retrying (attempt 3): connection refused',
    };
    expect(await healthAnswer(report)).toEqual({ status: 200, body: report });
  });

  it('given the projections stopped for good, then 503 with the reason', async () => {
    const report: HealthReport = { status: 'failed', reason: 'projections stopped: disk full' };
    expect(await healthAnswer(report)).toEqual({ status: 503, body: report });
  });

  it('given a failure whose reason names internal hosts, when a stranger asks through the proxy (nginx, the one trusted hop), then the same 503 and status without the reason', async () => {
    const report: HealthReport = {
      status: 'failed',
      reason:
        'payment process: stopped following the log 3 times in a row: getaddrinfo ENOTFOUND db-primary.interno.padaria',
    };
    expect(
      await healthAnswer(report, { trustProxy: 1, headers: { 'X-Forwarded-For': '203.0.113.9' } }),
    ).toEqual({ status: 503, body: { status: 'failed' } });
  });

  it('given a degraded service, when a local proxy the service does not trust forwards someone, then 200 and the status without the reason', async () => {
    const report: HealthReport = {
      status: 'degraded',
      reason:
        "event store unreachable: ENOENT: no such file or directory, open '/srv/quitute/data/eventstore/PG_VERSION'",
    };
    expect(await healthAnswer(report, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).toEqual({
      status: 200,
      body: { status: 'degraded' },
    });
  });
});
