import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  notificationMessages as n,
  UNSUBSCRIBE_API_PATH,
} from '@quitute/contracts';
import { deleteUser } from '../accounts/accounts';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from '../accounts/rate-limits';
import { openAccountsApi, type AccountsApi, type CallOptions } from '../accounts/testing';

/** Issue 41: RFC 8058 one-click unsubscribe over real HTTP, without a login. */

const apis: AccountsApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

async function open(rateLimits?: AccountRateLimits): Promise<AccountsApi> {
  const api = await openAccountsApi(rateLimits ? { rateLimits } : {});
  apis.push(api);
  return api;
}

/** What a mail client posts (RFC 8058 §3.1). */
const oneClick: CallOptions['raw'] = {
  contentType: 'application/x-www-form-urlencoded',
  text: 'List-Unsubscribe=One-Click',
};

/** The path and query of the List-Unsubscribe URL mailed to this account. */
const unsubscribeRoute = (api: AccountsApi, userId: string) => {
  const url = new URL(api.links.unsubscribeApiUrl(userId));
  return `${url.pathname}${url.search}`;
};

const withToken = (token: string) => `${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;

/** A customer whose e-mail and SMS notifications are both on. */
async function subscribed(api: AccountsApi) {
  const ana = await api.customer();
  const saved = await api.call('PUT', '/api/users/preferences', {
    token: ana.token,
    body: { notifications: { email: true, sms: true } },
  });
  expect(saved.status).toBe(200);
  return ana;
}

/** What `act` answers, and that the log did not grow meanwhile. */
async function appendsNothing<T>(api: AccountsApi, act: () => Promise<T>): Promise<T> {
  const before = await api.eventStore.headPosition();
  const answer = await act();
  expect(await api.eventStore.headPosition()).toBe(before);
  return answer;
}

describe('POST /api/notifications/unsubscribe', () => {
  it('given e-mail and SMS on, when a mail client posts the one-click form without any login, then 200, e-mail off and SMS kept, as an event of her own account', async () => {
    const api = await open();
    const ana = await subscribed(api);

    const answer = await api.call('POST', unsubscribeRoute(api, ana.userId), { raw: oneClick });

    expect(answer).toEqual({
      status: 200,
      body: { message: n.unsubscribed, position: await api.eventStore.headPosition() },
    });
    expect((await api.eventsOf(ana.userId)).at(-1)).toMatchObject({
      type: 'UserPreferencesChanged',
      data: { userId: ana.userId, notifications: { email: false, sms: true } },
      metadata: { actorId: ana.userId, actorRole: 'user' },
    });
    expect(await api.preferencesOf(ana.userId)).toEqual({ email: false, sms: true });
  });

  it('given e-mail already off, when the link is followed again, then 200 already unsubscribed and nothing appended', async () => {
    const api = await open();
    const ana = await subscribed(api);
    const route = unsubscribeRoute(api, ana.userId);
    expect((await api.call('POST', route, { raw: oneClick })).status).toBe(200);

    const again = await appendsNothing(api, () => api.call('POST', route, { raw: oneClick }));

    expect(again).toEqual({
      status: 200,
      body: { message: n.alreadyUnsubscribed, position: await api.eventStore.headPosition() },
    });
  });

  it.each<[string, CallOptions]>([
    ['an empty body (the web page)', {}],
    ['`{}` as JSON', { body: {} }],
    [
      "a multipart form (RFC 8058's own example)",
      {
        raw: {
          contentType: 'multipart/form-data; boundary=XYZ',
          text: '--XYZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XYZ--\r\n',
        },
      },
    ],
  ])('given %s, then she is unsubscribed', async (_case, request) => {
    const api = await open();
    const ana = await subscribed(api);

    const answer = await api.call('POST', unsubscribeRoute(api, ana.userId), request);

    expect(answer).toMatchObject({ status: 200, body: { message: n.unsubscribed } });
    expect(await api.preferencesOf(ana.userId)).toEqual({ email: false, sms: true });
  });

  it('given a tampered, foreign or malformed link, then 400 invalid each time, nothing appended and her preferences unchanged', async () => {
    const api = await open();
    const ana = await subscribed(api);
    const bia = await subscribed(api);
    const token = api.tokenOf(api.links.unsubscribeApiUrl(ana.userId));
    const [payload = '', signature = ''] = token.split('.');
    const biasPayload = Buffer.from(JSON.stringify([bia.userId])).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    // Signed by the shop, for another purpose: it never unsubscribes.
    const confirmation = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));

    for (const route of [
      withToken(`${biasPayload}.${signature}`),
      withToken(`${payload}.${flipped}`),
      withToken(`${payload}.${signature}x`),
      withToken(payload),
      withToken(confirmation),
      withToken('a'.repeat(600)),
      `${withToken(token)}&token=${encodeURIComponent(token)}`,
      UNSUBSCRIBE_API_PATH,
      `${UNSUBSCRIBE_API_PATH}?token=`,
    ]) {
      const answer = await appendsNothing(api, () => api.call('POST', route, { raw: oneClick }));
      expect(answer, route).toMatchObject({ status: 400, body: { message: n.unsubscribeInvalid } });
    }
    expect(await api.preferencesOf(ana.userId)).toEqual({ email: true, sms: true });
    expect(await api.preferencesOf(bia.userId)).toEqual({ email: true, sms: true });
  });

  it.each<[string, CallOptions]>([
    [
      'a form with another field',
      { raw: { contentType: 'application/x-www-form-urlencoded', text: 'sms=false' } },
    ],
    [
      'another one-click value',
      {
        raw: { contentType: 'application/x-www-form-urlencoded', text: 'List-Unsubscribe=Tudo' },
      },
    ],
    ['JSON that names preferences', { body: { notifications: { email: false, sms: false } } }],
  ])(
    'given her valid link with %s, then 400 invalid and nothing appended',
    async (_case, request) => {
      const api = await open();
      const ana = await subscribed(api);

      const answer = await appendsNothing(api, () =>
        api.call('POST', unsubscribeRoute(api, ana.userId), request),
      );

      expect(answer).toMatchObject({ status: 400, body: { message: n.unsubscribeInvalid } });
      expect(await api.preferencesOf(ana.userId)).toEqual({ email: true, sms: true });
    },
  );

  it('given a form body past the tiny limit, then 413 and nothing appended', async () => {
    const api = await open();
    const ana = await subscribed(api);
    const answer = await appendsNothing(api, () =>
      api.call('POST', unsubscribeRoute(api, ana.userId), {
        raw: {
          contentType: 'application/x-www-form-urlencoded',
          text: `List-Unsubscribe=One-Click&x=${'a'.repeat(2_000)}`,
        },
      }),
    );
    expect(answer.status).toBe(413);
    expect(await api.preferencesOf(ana.userId)).toEqual({ email: true, sms: true });
  });

  it('given a link signed for an account that never existed, or one deleted since, then 400 invalid and nothing appended', async () => {
    const api = await open();
    const ana = await subscribed(api);
    await deleteUser(api.stores, ana.userId, {
      commandId: randomUUID(),
      correlationId: 'test',
      actorId: randomUUID(),
      actorRole: 'admin',
      occurredAt: new Date().toISOString(),
    });

    for (const userId of [randomUUID(), ana.userId]) {
      const answer = await appendsNothing(api, () =>
        api.call('POST', unsubscribeRoute(api, userId), { raw: oneClick }),
      );
      expect(answer).toMatchObject({ status: 400, body: { message: n.unsubscribeInvalid } });
    }
  });

  it('given a stranger posting from one address, made-up links and her own link alike, then he is held up at the per-IP limit; her link from her mail provider still works', async () => {
    const limit = 3;
    const api = await open({
      ...DEFAULT_RATE_LIMITS,
      unsubscribePerIp: { limit, windowMs: 60_000 },
    });
    const ana = await subscribed(api);
    const route = unsubscribeRoute(api, ana.userId);
    const stranger = '203.0.113.7';
    for (let attempt = 0; attempt < limit - 1; attempt++) {
      const guess = await api.call('POST', withToken(`x${attempt}.y`), { from: stranger });
      expect(guess.status).toBe(400);
    }
    // Her link, forwarded to him: it can only turn her mail off (no login needed is the point).
    expect((await api.call('POST', route, { from: stranger })).status).toBe(200);
    const held = await appendsNothing(api, () =>
      api.call('POST', withToken('x.y'), { from: stranger }),
    );
    expect(held).toMatchObject({ status: 429, body: { message: accountMessages.tooManyRequests } });
    expect((await api.call('POST', route, { from: stranger })).status).toBe(429);

    const fromHerProvider = await api.call('POST', route, { raw: oneClick, from: '192.0.2.25' });

    expect(fromHerProvider).toMatchObject({
      status: 200,
      body: { message: n.alreadyUnsubscribed },
    });
  });
});
