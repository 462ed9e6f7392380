import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable } from '@quitute/infra/testing';
import { hostileRequests, type WireRequest } from './requests';
import { openFuzzShop, type FuzzShop } from './shop';
import { fuzzEntries, type Caller, type FuzzEntry } from './write-routes';

/**
 * Issue 14.3: hostile request bodies on every POST/PUT/PATCH route of the
 * embedded shop, over real HTTP on its real PGlite store — any JSON, the
 * route's own keys with values of every wrong kind, prototype keys, random
 * bytes, wrong content types, path parameters that are no id, and
 * valid-shaped bodies with arbitrary values that reach the domain rules.
 * Whatever comes: never a 5xx, a refusal is JSON with a pt-BR message and
 * nothing leaked, a refused request appends nothing, and the shop serves on.
 *
 * Each route is called as the caller that reaches its validation: anonymous,
 * the customer or the admin. A 429 fails the suite except on a route limited
 * by design that no option lifts (the simulator's card tokenizer).
 *
 * Bounded and repeatable: each route has its own fixed seed (fast-check
 * prints it with the failing request); QUITUTE_FUZZ_SEED explores others.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const BASE_SEED = Number(process.env['QUITUTE_FUZZ_SEED'] ?? 1_402_003);
const NUM_RUNS = Number(process.env['QUITUTE_FUZZ_RUNS'] ?? 25);

/** English a framework writes, or a stack trace: neither may reach a client. */
const ENGLISH =
  /\b(unexpected|expected|received|invalid|required|must|cannot|failed|error|unrecognized|is not|json|syntax|payload|entity|unsupported|too (large|many|big|small)|not found|internal|bad request|forbidden|unauthorized)\b/i;
const STACK = /\n\s+at\s|\.(ts|js|mjs|cjs):\d+|node_modules|\w+Error\b/;
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(de|do|da|não|para|por|um|uma|os|as|o|a|e|em|no|na|que|ser|deve|com|sem|mais|tente|valor)\b/i;

const refusalSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

let shop: FuzzShop;

beforeAll(async () => {
  shop = await openFuzzShop();
});
afterAll(async () => {
  await shop.close();
});

function tokenOf(caller: Caller): string | null {
  if (caller === 'customer') return shop.customer.token;
  if (caller === 'admin') return shop.adminToken;
  return null;
}

/** Waits until nothing more is appended (a payment approved goes on in the background). */
async function settled(): Promise<void> {
  let last = await shop.server.eventStore.headPosition();
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const head = await shop.server.eventStore.headPosition();
    if (head === last) return;
    last = head;
  }
}

function expectPortuguese(text: string, where: string): void {
  expect(text, where).not.toMatch(STACK);
  expect(text, where).not.toMatch(ENGLISH);
  expect(text, where).toMatch(PORTUGUESE);
}

/** Sends one request and checks every property the suite promises of its answer. */
async function sendAndCheck(method: string, entry: FuzzEntry, request: WireRequest) {
  const before = await shop.server.eventStore.headPosition();
  const token = tokenOf(entry.caller);
  const response = await fetch(`${shop.url}${request.path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(request.contentType === null ? {} : { 'content-type': request.contentType }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...request.headers,
    },
    // Bytes, so that no Content-Type is added when the request has none.
    body: Buffer.from(request.body),
  });
  const text = await response.text();
  const what = `${method} ${request.path} (${request.kind}) → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, what).toBeLessThan(500);
  if (response.status < 400) {
    await settled();
    return;
  }
  if (response.status === 429) expect(entry.rateLimitedByDesign, what).toBeDefined();
  expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
  const refusal = refusalSchema.parse(JSON.parse(text));
  expectPortuguese(refusal.message, what);
  for (const message of Object.values(refusal.fields ?? {})) expectPortuguese(message, what);
  const after = await shop.server.eventStore.headPosition();
  if (after !== before && refusal.code !== undefined && entry.recordedRefusals?.[refusal.code]) {
    // A refusal that is a fact of its own (the provider refused the payment): what follows it
    // (the order cancelled) is appended in the background.
    await settled();
    return;
  }
  if (after !== before) {
    const appended = await shop.server.eventStore.readAll({ fromPosition: before });
    const described = appended.map(
      (event) => `${event.type} on ${event.streamName} by ${event.metadata.actorId}`,
    );
    expect(described, `${what}: a refused request appended ${described.join(', ')}`).toEqual([]);
  }
}

function seedOf(key: string): number {
  let hash = BASE_SEED;
  for (const char of key) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

describe('the fuzz table', () => {
  it('given the shop’s route table, then every POST/PUT/PATCH route has a fuzz entry and every entry a route', () => {
    const writeRoutes = routeTable(shop.server.app)
      .filter((route) => WRITE_METHODS.has(route.method))
      .map((route) => `${route.method} ${route.path}`);
    expect(writeRoutes.length).toBeGreaterThan(20);
    expect(writeRoutes.filter((key) => !(key in fuzzEntries))).toEqual([]);
    expect(Object.keys(fuzzEntries).filter((key) => !writeRoutes.includes(key))).toEqual([]);
  });
});

describe.each(Object.entries(fuzzEntries))('%s', (key, entry) => {
  const [method = '', path = ''] = key.split(' ');

  const article = /^[aeiou]/.test(entry.caller) ? 'an' : 'a';
  it(`given hostile bodies, content types and ids from ${article} ${entry.caller} caller, then never a 5xx, a pt-BR JSON refusal, nothing appended on a refusal, and the shop serves on`, async () => {
    const requests = hostileRequests({ path, ...entry.shape(shop) });
    await fc.assert(
      fc.asyncProperty(requests, (request) => sendAndCheck(method, entry, request)),
      { numRuns: entry.numRuns ?? NUM_RUNS, seed: seedOf(key) },
    );
    expect((await fetch(`${shop.url}/health`)).status).toBe(200);
  });
});

describe('after the fuzz', () => {
  it('then the shop is up, its projections live, and nothing was logged as an error', async () => {
    expect((await fetch(`${shop.url}/health`)).status).toBe(200);
    expect(shop.server.runner.status).toBe('live');
    expect(shop.errorLines).toEqual([]);
  });
});
