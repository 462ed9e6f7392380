import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from 'express-rate-limit';
import { accountMessages as m } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { silentLogger } from '@quitute/infra/logging';
import { cheapPasswords, listenOnFreePort } from '@quitute/infra/testing';
import { createCommandApp } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from './rate-limits';

/**
 * command-api alone over real HTTP, as behind the reverse proxy: the client's
 * address comes from X-Forwarded-For. The captcha accepts 'resolvido' (a
 * solved challenge) and nothing else.
 */

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function openCommandApi(
  options: {
    store?: EventStore;
    rateLimits?: AccountRateLimits;
    rateLimitStore?: (name: string) => MemoryStore;
  } = {},
) {
  const mails: { to: string; text: string }[] = [];
  const eventStore = options.store ?? createMemoryEventStore();
  const app = createCommandApp({
    eventStore,
    // Never started: no account route resolves a product.
    catalog: createCatalogView({ eventStore }),
    snapshotStore: createMemorySnapshotStore(),
    now: () => new Date(),
    tokens: createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
    captcha: { verify: async (token) => token === 'resolvido' },
    mailer: {
      send: async (mail) => {
        mails.push(mail);
      },
    },
    publicUrl: 'http://loja.test',
    // The test's clients speak through a proxy on loopback that names them in X-Forwarded-For.
    trustProxy: ['loopback'],
    logger: silentLogger,
    passwords: cheapPasswords,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  });
  const server = await listenOnFreePort(app);
  servers.push(server);
  const post = async (route: string, body: unknown, from = '198.51.100.2') => {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    const parsed: unknown = await response.json();
    return { status: response.status, body: parsed };
  };
  return { post, mails };
}

const email = 'ana@example.com';
const password = 'Segredo123';

describe('login limits', () => {
  it('given a stranger failing logins for an e-mail with solved captchas, then the stranger is held up and the owner is not', async () => {
    const api = await openCommandApi();
    await api.post('/api/auth/register', {
      name: 'Ana',
      email,
      password,
      recaptchaToken: 'resolvido',
    });
    const stranger = '203.0.113.7';
    const guess = () =>
      api.post(
        '/api/auth/login',
        { email, password: 'Chute1234', recaptchaToken: 'resolvido' },
        stranger,
      );
    for (
      let attempt = 0;
      attempt < DEFAULT_RATE_LIMITS.failedLoginsPerEmailAndIp.limit;
      attempt++
    ) {
      expect((await guess()).status).toBe(401);
    }
    expect(await guess()).toMatchObject({ status: 429, body: { message: m.tooManyAttempts } });

    const owner = await api.post('/api/auth/login', {
      email,
      password,
      recaptchaToken: 'resolvido',
    });
    expect(owner.status).toBe(200);
  });

  it('given a store factory, then every limiter keeps its counters in a store of its own name', async () => {
    const names: string[] = [];
    await openCommandApi({
      rateLimitStore: (name) => {
        names.push(name);
        return new MemoryStore();
      },
    });
    expect(names.sort()).toEqual([
      'admin-user',
      'cart-user',
      'confirm-email-ip',
      'cookie-consent-ip',
      'custom-order-ip',
      'email-confirmation-user',
      'email-confirmation-user-week',
      'login-email-ip',
      'login-ip',
      'preferences-user',
      'profile-user',
      'register-ip',
      'reset-confirm-ip',
      'reset-email-ip',
      'reset-ip',
      'review-report-user',
      'review-user',
      'unsubscribe-ip',
    ]);
  });
});

describe('reset request', () => {
  it('given the account lookup is slow, when a reset is asked for a known e-mail, then the answer does not wait for it; the link follows', async () => {
    const store = createMemoryEventStore();
    const lookups: { held?: Promise<void> } = {};
    const slowLookups: EventStore = {
      ...store,
      readStream: async (name, options) => {
        if (name.startsWith('user-email-')) await lookups.held;
        return store.readStream(name, options);
      },
    };
    const api = await openCommandApi({ store: slowLookups });
    await api.post('/api/auth/register', {
      name: 'Ana',
      email,
      password,
      recaptchaToken: 'resolvido',
    });
    let release = () => {};
    lookups.held = new Promise<void>((resolve) => {
      release = resolve;
    });

    const answered = await api.post('/api/auth/reset-password', { email });

    expect(answered).toEqual({ status: 200, body: { message: m.resetRequested } });
    expect(api.mails).toHaveLength(0);
    release();
    await expect.poll(() => api.mails.map((mail) => mail.to)).toEqual([email]);
  });
});
