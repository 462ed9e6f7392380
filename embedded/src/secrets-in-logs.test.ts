import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS } from '@quitute/command-api';
import { accountMessages as m } from '@quitute/contracts';
import type { EventStore, NewEvent } from '@quitute/infra/event-store';
import { createLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Issue 16.5: what the shop logs — request lines and error lines, at info —
 * over a password reset and over an append the store refuses holds no reset
 * token, password, password hash, phone or address.
 */

let server: EmbeddedServer;
let url: string;
let dataDir: string;
const lines: string[] = [];
const logs = () => lines.join('');

const customer = {
  name: 'Maria Souza',
  email: 'maria.logs@example.com',
  password: 'Segredo123',
  phone: '11987654321',
  address: 'Rua das Palmeiras, 77',
};
let userId: string;
let auth: Record<string, string>;

async function solveCaptcha(): Promise<string> {
  const response = await fetch(`${url}/api/auth/captcha`);
  return (await solveAsWidget(await response.json())).payload;
}

async function call(method: string, route: string, body?: unknown, headers = {}) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: z.record(z.string(), z.unknown()).parse(await response.json()),
  };
}

async function resetToken(): Promise<string> {
  const outbox = server.mailer;
  if (outbox.transport !== 'outbox') throw new Error('expected the outbox');
  // Hers with a reset link: the notifier mails her too (her address's confirmation).
  const resetMails = async () =>
    (await outbox.list()).filter(
      (mail) => mail.to === customer.email && mail.text.includes('/reset/'),
    );
  const before = (await resetMails()).length;
  await call('POST', '/api/auth/reset-password', { email: customer.email });
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await resetMails();
    const link = mails.length > before ? /\/reset\/(\S+)/.exec(mails[0]?.text ?? '')?.[1] : null;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no reset e-mail');
}

const secretFields = ['name', 'phone', 'address', 'passwordHash', 'tokenHash'];

/** The personal data and hashes events carry. */
function secretsOf(events: { data: Record<string, unknown> }[]): string[] {
  return events.flatMap(({ data }) =>
    secretFields.flatMap((field) => {
      const value = data[field];
      return typeof value === 'string' && value !== '' ? [value] : [];
    }),
  );
}

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-logs');
  // debug: the level at which each request gets its log line.
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line) => lines.push(line) },
  });
  server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'info', adminPassword: 'Admin12345' },
    logger,
    {
      web: noWebApp,
      rateLimits: { ...DEFAULT_RATE_LIMITS, resetPerEmailAndIp: { limit: 100, windowMs: 60_000 } },
      // Cheap hashing: the test is about what reaches the logs, not the KDF's cost.
      passwords: cheapPasswords,
    },
  );
  url = await server.listen();
  const registered = await call('POST', '/api/auth/register', {
    name: customer.name,
    email: customer.email,
    password: customer.password,
    recaptchaToken: await solveCaptcha(),
  });
  userId = z.string().parse(registered.body['userId']);
  auth = await logIn();
  const saved = await call(
    'PUT',
    '/api/users/profile',
    { phone: customer.phone, address: customer.address },
    auth,
  );
  expect(saved.status).toBe(200);
});

/** A reset ends the earlier sessions: a test after one logs in again with the password now valid. */
let password = customer.password;

async function logIn(): Promise<Record<string, string>> {
  const login = await call('POST', '/api/auth/login', {
    email: customer.email,
    password,
    recaptchaToken: await solveCaptcha(),
  });
  return { authorization: `Bearer ${z.string().parse(login.body['token'])}` };
}

afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Makes the real PGlite store refuse every append (as it refuses a NUL) while `run` runs. */
async function withRefusedAppends(
  store: EventStore,
  run: (attempted: NewEvent[]) => Promise<void>,
) {
  const append = store.appendToStream.bind(store);
  const attempted: NewEvent[] = [];
  store.appendToStream = (streamName, events, options) => {
    attempted.push(...events);
    const refused = events.map((event) => ({ ...event, data: { ...event.data, note: '\u0000' } }));
    return append(streamName, refused, options);
  };
  try {
    await run(attempted);
  } finally {
    store.appendToStream = append;
  }
}

describe('logs over a password reset', () => {
  it('given a reset requested and confirmed, then no token, password, hash, phone or address is logged', async () => {
    const token = await resetToken();
    const confirmed = await call('POST', '/api/auth/reset-password/confirm', {
      token,
      newPassword: 'NovaSenha123',
    });
    expect(confirmed).toMatchObject({ status: 200, body: { message: m.passwordReset } });
    password = 'NovaSenha123';

    const stored = await server.eventStore.readStream(`user-${userId}`);
    const secrets = [token, 'NovaSenha123', customer.password, ...secretsOf(stored)];
    expect(secrets).toEqual(expect.arrayContaining([customer.phone, customer.address]));
    expect(secrets.some((secret) => secret.startsWith('scrypt$'))).toBe(true);
    expect(logs()).toContain('/api/auth/reset-password/confirm');
    for (const secret of secrets) expect(logs()).not.toContain(secret);
  });

  // Depends on the request logger writing /reset/[redacted] (the other half of
  // issue 16.5, on its own branch): fails on this branch alone until both are merged.
  it('given the reset link opened, then the request log shows the path without the token', async () => {
    const token = await resetToken();
    await fetch(`${url}/reset/${token}`);

    expect(logs()).toContain('/reset/[redacted]');
    expect(logs()).not.toContain(token);
  });
});

describe('logs over an append the store refuses', () => {
  it('given a profile update and a reset whose appends fail, then 500s logged without the data they carried', async () => {
    auth = await logIn();
    const token = await resetToken();
    const from = lines.length;
    await withRefusedAppends(server.eventStore, async (attempted) => {
      const profile = await call(
        'PUT',
        '/api/users/profile',
        { phone: '21912345678', address: 'Avenida Sigilosa, 1000' },
        auth,
      );
      const reset = await call('POST', '/api/auth/reset-password/confirm', {
        token,
        newPassword: 'OutraSenha456',
      });
      expect([profile.status, reset.status]).toEqual([500, 500]);

      const failed = lines.slice(from).join('');
      const secrets = [token, 'OutraSenha456', ...secretsOf(attempted)];
      expect(secrets).toEqual(expect.arrayContaining(['21912345678', 'Avenida Sigilosa, 1000']));
      expect(secrets.some((secret) => secret.startsWith('scrypt$'))).toBe(true);
      expect(failed.match(/"msg":"unhandled error"/g)).toHaveLength(2);
      expect(failed).toContain('"code":"22P05"');
      for (const secret of secrets) expect(failed).not.toContain(secret);
    });
  });
});
