import fs from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformRateLimits } from '@quitute/command-api';
import { accountMessages, messages } from '@quitute/contracts';
import { createLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Issue 16.6: whatever text a client puts in any field of any route — control
 * characters, lone surrogates, bytes that are not UTF-8 — the shop answers it
 * (a 400 for text it refuses), never with a 5xx, over real HTTP on the embedded
 * composition and its real PGlite store.
 */

const rateLimits = uniformRateLimits({ limit: 100_000, windowMs: 60_000 });

let server: EmbeddedServer;
let url: string;
let dataDir: string;
const errorLines: string[] = [];
let auth: Record<string, string>;

async function solveCaptcha(): Promise<string> {
  const response = await fetch(`${url}/api/auth/captcha`);
  return (await solveAsWidget(await response.json())).payload;
}

async function send(
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json')
      ? z.record(z.string(), z.unknown()).parse(JSON.parse(text))
      : { text },
  };
}

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-text-fuzz');
  const logger = createLogger({
    level: 'error',
    destination: { write: (line) => errorLines.push(line) },
  });
  server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'error', adminPassword: 'Admin12345' },
    logger,
    // Cheap hashing: the fuzz is about text, not the KDF's cost.
    { web: noWebApp, rateLimits, passwords: cheapPasswords },
  );
  url = await server.listen();
  const customer = { email: 'fuzz@example.com', password: 'Segredo123' };
  await send('POST', '/api/auth/register', {
    ...customer,
    name: 'Maria Souza',
    recaptchaToken: await solveCaptcha(),
  });
  const login = await send('POST', '/api/auth/login', {
    ...customer,
    recaptchaToken: await solveCaptcha(),
  });
  auth = { authorization: `Bearer ${z.string().parse(login.body['token'])}` };
});

afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Any code point, control characters and surrogate halves (paired by chance, mostly lone) often. */
const codePoint = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x9f }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0x10ffff }) },
);
const anyText = fc.string({
  unit: codePoint.map((code) => String.fromCodePoint(code)),
  maxLength: 40,
});

/** Refused in every text field, multi-line ones too. */
const forbiddenInBody = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
);
/** A URL carries no lone surrogate (it becomes U+FFFD), so a query string gets control characters only. */
const forbiddenInQuery = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\n',
  '\t',
  '\u001b',
  '\u007f',
  '\u0085',
);

function injected(valid: string, forbidden: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(forbidden, fc.nat()).map(([char, at]) => {
    const index = at % (valid.length + 1);
    return valid.slice(0, index) + char + valid.slice(index);
  });
}

/** Solved just before sending, so that a body valid in every other field reaches the store. */
const SOLVED_CAPTCHA = 'solved captcha';

interface BodyRoute {
  method: 'POST' | 'PUT';
  route: string;
  /** A value each text field accepts; the fuzz mixes it with hostile ones. */
  valid: Record<string, string>;
  authenticated?: boolean;
}

const bodyRoutes: BodyRoute[] = [
  {
    method: 'POST',
    route: '/api/auth/register',
    valid: {
      name: 'Ana Lima',
      email: 'ana@example.com',
      password: 'Segredo123',
      recaptchaToken: SOLVED_CAPTCHA,
    },
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    valid: { email: 'fuzz@example.com', password: 'Segredo123', recaptchaToken: SOLVED_CAPTCHA },
  },
  { method: 'POST', route: '/api/auth/reset-password', valid: { email: 'fuzz@example.com' } },
  {
    method: 'POST',
    route: '/api/auth/reset-password/confirm',
    valid: { token: 'a'.repeat(43), newPassword: 'Segredo123' },
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    valid: { name: 'Maria Souza', phone: '11987654321', address: 'Rua das Flores, 10\nApto 2' },
    authenticated: true,
  },
];

async function sendBody(route: BodyRoute, body: Record<string, unknown>) {
  const ready =
    body['recaptchaToken'] === SOLVED_CAPTCHA
      ? { ...body, recaptchaToken: await solveCaptcha() }
      : body;
  return send(route.method, route.route, ready, route.authenticated ? auth : {});
}

/** Bounded: a few hundred requests per route, seconds in all (the proof-of-work captchas cost most). */
const runs = { numRuns: 100 };

/** A valid value, any text, or the valid value with a forbidden character in it. */
function fieldValue(valid: string): fc.Arbitrary<string> {
  if (valid !== SOLVED_CAPTCHA)
    return fc.oneof(fc.constant(valid), anyText, injected(valid, forbiddenInBody));
  // Solving costs a proof of work (and a valid body then a password hash): seldom.
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(SOLVED_CAPTCHA) },
    { weight: 14, arbitrary: fc.oneof(anyText, injected('x', forbiddenInBody)) },
  );
}

describe.each(bodyRoutes)('$method $route', (route) => {
  const fields = Object.keys(route.valid);

  it('given any text in any field (and any extra key), then never a 5xx', async () => {
    const body = fc.tuple(
      fc.record(
        Object.fromEntries(fields.map((name) => [name, fieldValue(route.valid[name] ?? '')])),
      ),
      fc.dictionary(anyText, anyText, { maxKeys: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async ([known, extra]) => {
        const { status } = await sendBody(route, { ...extra, ...known });
        expect(status).toBeLessThan(500);
      }),
      runs,
    );
  });

  it('given a control character or lone surrogate in one field, then 400 with the text message there', async () => {
    // Refused before the captcha is checked, so none is solved.
    const valid: Record<string, string> = {
      ...route.valid,
      ...('recaptchaToken' in route.valid ? { recaptchaToken: 'x' } : {}),
    };
    const oneHostileField = fc
      .constantFrom(...fields)
      .chain((name) =>
        injected(valid[name] ?? '', forbiddenInBody).map((value) => ({ name, value })),
      );
    await fc.assert(
      fc.asyncProperty(oneHostileField, async ({ name, value }) => {
        const { status, body } = await sendBody(route, { ...valid, [name]: value });
        expect(status).toBe(400);
        expect(body).toMatchObject({
          code: 'validation',
          fields: { [name]: messages.invalidText },
        });
      }),
      { numRuns: 50 },
    );
  });
});

describe('PUT /api/users/preferences', () => {
  it('given any text or value in place of the switches, then never a 5xx', async () => {
    const value = fc.oneof(fc.boolean(), anyText, fc.jsonValue({ maxDepth: 1 }));
    const body = fc.record({
      notifications: fc.oneof(fc.record({ email: value, sms: value }), value),
      extra: fc.dictionary(anyText, value, { maxKeys: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(body, async ({ notifications, extra }) => {
        const { status } = await send(
          'PUT',
          '/api/users/preferences',
          { ...extra, notifications },
          auth,
        );
        expect(status).toBeLessThan(500);
      }),
      runs,
    );
  });
});

describe('GET /api/products', () => {
  const percentEncoded = fc
    .uint8Array({ maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));

  it('given any text or any bytes in busca and category, then never a 5xx', async () => {
    const value = fc.oneof(
      anyText.map((text) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))),
      percentEncoded,
    );
    await fc.assert(
      fc.asyncProperty(value, value, async (busca, category) => {
        const response = await fetch(`${url}/api/products?busca=${busca}&category=${category}`);
        expect(response.status).toBeLessThan(500);
      }),
      runs,
    );
  });

  it('given a control character in busca or category, then 400 with the text message there', async () => {
    const query = fc.oneof(
      injected('pão', forbiddenInQuery).map((busca) => ({ name: 'busca', value: busca })),
      injected('Doces Finos', forbiddenInQuery).map((category) => ({
        name: 'category',
        value: category,
      })),
    );
    await fc.assert(
      fc.asyncProperty(query, async ({ name, value }) => {
        const { status, body } = await send(
          'GET',
          `/api/products?${new URLSearchParams({ [name]: value })}`,
        );
        expect(status).toBe(400);
        expect(body).toMatchObject({
          message: messages.invalidSearch,
          fields: { [name]: messages.invalidText },
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /dev/mailbox/:id', () => {
  it('given any bytes as the mail id, then never a 5xx', async () => {
    const id = fc.oneof(
      anyText.map((text) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))),
      fc
        .uint8Array({ minLength: 1, maxLength: 12 })
        .map((bytes) =>
          [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
        ),
    );
    await fc.assert(
      fc.asyncProperty(id, async (mailId) => {
        const response = await fetch(`${url}/dev/mailbox/${mailId}`);
        expect(response.status).toBeLessThan(500);
      }),
      runs,
    );
  });
});

describe('the focused cases of issue 16.6', () => {
  it('given an address with a NUL, when the profile is saved, then 400 with the text message', async () => {
    const { status, body } = await send('PUT', '/api/users/profile', { address: 'a\u0000b' }, auth);
    expect(status).toBe(400);
    expect(body).toEqual({
      message: messages.invalidText,
      code: 'validation',
      fields: { address: messages.invalidText },
    });
  });

  it('given a lone surrogate in the e-mail and a solved captcha, when registering, then 400', async () => {
    const { status, body } = await send('POST', '/api/auth/register', {
      name: 'Ana Lima',
      email: 'ana\ud800@example.com',
      password: 'Segredo123',
      recaptchaToken: await solveCaptcha(),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: messages.invalidText,
      fields: { email: messages.invalidText },
    });
  });

  it('given a two-line address, then it is saved as sent', async () => {
    const { status, body } = await send(
      'PUT',
      '/api/users/profile',
      { address: 'Rua A, 10\nApto 2' },
      auth,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      address: 'Rua A, 10\nApto 2',
      message: accountMessages.profileUpdated,
    });
  });
});

describe('after the fuzz', () => {
  it('then the shop is still up, its projections live, and nothing was logged as an error', async () => {
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(server.runner.status).toBe('live');
    expect(errorLines).toEqual([]);
  });
});
