import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  consentMessages as m,
  consentStreamName,
  CONSENT_ID_COOKIE,
  messages,
  type CookieConsentValue,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords, listenOnFreePort } from '@quitute/infra/testing';
import { createCommandApp } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { signedUpUser } from '../shared/testing';

/**
 * POST /api/cookie-consent over real HTTP: the consent cookie the server sets,
 * the events a browser's choices append, and the per-IP limit.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const passwords = cheapPasswords;
const now = () => new Date('2026-11-21T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function openConsentApi(
  options: { publicUrl?: string; limit?: number; trustProxy?: number } = {},
) {
  const eventStore = createMemoryEventStore();
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const app = createCommandApp({
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    catalog,
    now,
    tokens,
    captcha: { verify: async () => true },
    mailer: { send: async () => {} },
    publicUrl: options.publicUrl ?? 'http://loja.test',
    logger: silentLogger,
    passwords,
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    ...(options.limit ? { consentRateLimit: { limit: options.limit, windowMs: 60_000 } } : {}),
  });
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());

  const post = async (sent: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api/cookie-consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(sent),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, body, setCookie: response.headers.get('set-cookie') };
  };
  const choose = (consent: CookieConsentValue, headers: Record<string, string> = {}) =>
    post({ consent }, headers);
  const idOf = (setCookie: string | null): string => {
    const match = new RegExp(`^${CONSENT_ID_COOKIE}=([0-9a-f-]{36});`).exec(setCookie ?? '');
    if (!match?.[1]) throw new Error(`no consent cookie in ${setCookie}`);
    return match[1];
  };
  const cookieFor = (consentId: string) => ({
    cookie: `outro=1; ${CONSENT_ID_COOKIE}=${consentId}`,
  });
  const signUp = () => signedUpUser(eventStore, tokens, { name: 'Ana', now });
  const events = (consentId: string) => eventStore.readStream(consentStreamName(consentId));

  return { eventStore, post, choose, idOf, cookieFor, signUp, events };
}

describe('POST /api/cookie-consent', () => {
  it('given a browser without the consent cookie, when it accepts, then 200, an httpOnly Lax cookie for 365 days and one CookieConsentRecorded under its id', async () => {
    const api = await openConsentApi();

    const answer = await api.choose('accepted');

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: m.recorded, consent: 'accepted' });
    const cookie = answer.setCookie ?? '';
    expect(cookie).toMatch(/; Max-Age=31536000;/);
    expect(cookie).toMatch(/; Path=\/api\/cookie-consent;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const consentId = api.idOf(cookie);
    const events = await api.events(consentId);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['CookieConsentRecorded', { consentId, consent: 'accepted' }],
    ]);
    expect(events[0]?.metadata).toMatchObject({
      actorId: `visitor-${consentId}`,
      actorRole: 'user',
      occurredAt: now().toISOString(),
    });
  });

  it('given a browser whose choice is on record, when it posts the same again, then 200, no new cookie and nothing appended; a changed choice is appended', async () => {
    const api = await openConsentApi();
    const consentId = api.idOf((await api.choose('accepted')).setCookie);
    const before = await api.eventStore.headPosition();

    const again = await api.choose('accepted', api.cookieFor(consentId));

    expect(again).toMatchObject({ status: 200, body: { consent: 'accepted' }, setCookie: null });
    expect(await api.eventStore.headPosition()).toBe(before);

    expect((await api.choose('rejected', api.cookieFor(consentId))).status).toBe(200);
    expect((await api.events(consentId)).map((event) => event.data)).toEqual([
      { consentId, consent: 'accepted' },
      { consentId, consent: 'rejected' },
    ]);
  });

  it('given a signed-in customer, then her id is on the record; given a bad token, the choice is recorded as a visitor’s', async () => {
    const api = await openConsentApi();
    const ana = await api.signUp();

    const signedIn = await api.choose('accepted', { authorization: `Bearer ${ana.token}` });
    const visitor = await api.choose('accepted', { authorization: 'Bearer not-a-token' });

    expect(signedIn.status).toBe(200);
    const consentId = api.idOf(signedIn.setCookie);
    const [event] = await api.events(consentId);
    expect(event?.data).toEqual({ consentId, consent: 'accepted', userId: ana.userId });
    expect(event?.metadata).toMatchObject({ actorId: ana.userId, actorRole: 'user' });
    expect(visitor.status).toBe(200);
    expect((await api.events(api.idOf(visitor.setCookie)))[0]?.data).not.toHaveProperty('userId');
  });

  it('given a cookie that is not one of our ids, then a new id is issued', async () => {
    const api = await openConsentApi();

    const answer = await api.choose('accepted', { cookie: `${CONSENT_ID_COOKIE}=../../etc` });

    expect(answer.status).toBe(200);
    expect(api.idOf(answer.setCookie)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('given an https shop, then the cookie is Secure', async () => {
    const api = await openConsentApi({ publicUrl: 'https://quitute.com.br' });

    expect((await api.choose('accepted')).setCookie).toMatch(/; Secure/);
  });

  it.each([
    ['another value', { consent: 'talvez' }, m.invalid],
    ['no consent', {}, m.invalid],
    [
      'a key the body does not know',
      { consent: 'accepted', userId: randomUUID() },
      messages.invalidRequest,
    ],
    ['no object', 'accepted', messages.invalidRequest],
  ])('given %s, then 400 with its message and nothing appended', async (_case, body, message) => {
    const api = await openConsentApi();

    expect(await api.post(body)).toMatchObject({
      status: 400,
      body: { message, code: 'validation' },
      setCookie: null,
    });
    expect(await api.eventStore.headPosition()).toBe(0);
  });

  it('given one client address past its limit, then 429 in pt-BR and nothing appended, while another address still records', async () => {
    const api = await openConsentApi({ limit: 2, trustProxy: 1 });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    expect((await api.choose('accepted', from('203.0.113.7'))).status).toBe(200);
    expect((await api.choose('accepted', from('203.0.113.7'))).status).toBe(200);
    const before = await api.eventStore.headPosition();
    expect(await api.choose('accepted', from('203.0.113.7'))).toMatchObject({
      status: 429,
      body: { message: m.tooMany, code: 'too_many_requests' },
    });
    expect(await api.eventStore.headPosition()).toBe(before);
    expect((await api.choose('accepted', from('198.51.100.9'))).status).toBe(200);
  });
});
