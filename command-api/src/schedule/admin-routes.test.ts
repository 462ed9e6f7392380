import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  DEFAULT_KITCHEN_SCHEDULE,
  KITCHEN_SCHEDULE_FIELDS,
  SCHEDULE_STREAM,
  scheduleMessages,
  type KitchenScheduleBody,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createCatalogView } from '../catalog/catalog-view';
import { testCommandApp } from '../shared/test-app';
import { signedUpUser } from '../shared/testing';

/**
 * PUT /api/admin/schedule over real HTTP (issue 40): who may save the
 * kitchen's calendar, what a save records (and for the auditors, who made
 * it), what it refuses, and that saving the same document records nothing.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const now = () => new Date('2026-11-28T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** The walk: the 25th closed for Natal, Saturday pickup 08:00–12:00, 1,000 units a day. */
const natalBody = (): KitchenScheduleBody => {
  const body = structuredClone(DEFAULT_KITCHEN_SCHEDULE) as KitchenScheduleBody;
  body.weekly.pickup.sat = [{ open: '08:00', close: '12:00' }];
  return {
    ...body,
    dailyCapacityUnits: 1000,
    closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
  };
};

async function openScheduleApi() {
  const eventStore = createMemoryEventStore();
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const server = await listenOnFreePort(testCommandApp({ eventStore, catalog, tokens, now }));
  closing.push(() => server.close());

  const put = async (sent: unknown, token?: string) => {
    const response = await fetch(`${server.url}/api/admin/schedule`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(sent),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const admin = () => signedUpUser(eventStore, tokens, { name: 'Rosa', role: 'admin', now });
  const customer = () => signedUpUser(eventStore, tokens, { name: 'Ana', now });
  const events = () => eventStore.readStream(SCHEDULE_STREAM);
  return { put, admin, customer, events };
}

describe('PUT /api/admin/schedule', () => {
  it('given no calendar saved, when the admin closes the 25th for Natal, sets Saturday 08:00–12:00 and 1,000 units, then 200 with the saved calendar, and KitchenScheduleChanged names the fields and her as the actor', async () => {
    const api = await openScheduleApi();
    const rosa = await api.admin();

    const answer = await api.put(natalBody(), rosa.token);

    expect(answer.status).toBe(200);
    const [changed] = await api.events();
    expect(answer.body).toEqual({
      message: scheduleMessages.saved,
      ...natalBody(),
      updatedAt: now().toISOString(),
      updatedBy: rosa.userId,
      position: changed?.position,
    });
    expect(changed?.type).toBe('KitchenScheduleChanged');
    expect(changed?.data).toEqual({
      schedule: natalBody(),
      changedFields: ['dailyCapacityUnits', 'weekly', 'closedDates'],
    });
    expect(changed?.metadata).toMatchObject({
      actorId: rosa.userId,
      actorRole: 'admin',
      occurredAt: now().toISOString(),
    });
  });

  it('given no calendar saved, when the admin saves the default as it is, then one event records every field as set by her', async () => {
    const api = await openScheduleApi();
    const rosa = await api.admin();

    expect((await api.put(structuredClone(DEFAULT_KITCHEN_SCHEDULE), rosa.token)).status).toBe(200);

    const events = await api.events();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ changedFields: [...KITCHEN_SCHEDULE_FIELDS] });
  });

  it('given a customer’s token, then 403; given none, then 401; nothing recorded either way', async () => {
    const api = await openScheduleApi();
    const ana = await api.customer();

    expect(await api.put(natalBody(), ana.token)).toMatchObject({
      status: 403,
      body: { message: accountMessages.forbidden },
    });
    expect(await api.put(natalBody())).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenMissing },
    });
    expect(await api.events()).toEqual([]);
  });

  it('given a lead time of one day, then 400 with its pt-BR message, and nothing recorded', async () => {
    const api = await openScheduleApi();
    const rosa = await api.admin();

    expect(await api.put({ ...natalBody(), leadDays: 1 }, rosa.token)).toMatchObject({
      status: 400,
      body: { message: scheduleMessages.leadDaysInvalid },
    });
    expect(await api.events()).toEqual([]);
  });

  it('given Saturday closing before it opens, then 400 naming the day in pt-BR, and nothing recorded', async () => {
    const api = await openScheduleApi();
    const rosa = await api.admin();
    const body = natalBody();
    body.weekly.pickup.sat = [{ open: '12:00', close: '08:00' }];

    expect(await api.put(body, rosa.token)).toMatchObject({
      status: 400,
      body: {
        message: 'Retirada, Sábado: o fechamento (08:00) deve ser depois da abertura (12:00).',
      },
    });
    expect(await api.events()).toEqual([]);
  });

  it('given the calendar as it is, when saved again by another admin, then 200 with it as it was last saved, and nothing recorded', async () => {
    const api = await openScheduleApi();
    const rosa = await api.admin();
    const first = await api.put(natalBody(), rosa.token);
    const other = await api.admin();

    const again = await api.put(natalBody(), other.token);

    expect(again).toEqual(first);
    expect(again.body['updatedBy']).toBe(rosa.userId);
    expect(await api.events()).toHaveLength(1);
  });
});
