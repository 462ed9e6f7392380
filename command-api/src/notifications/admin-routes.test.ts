import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  notificationMessages,
  notificationStreamName,
  withSchemaVersion,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore, type JsonObject } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createCatalogView } from '../catalog/catalog-view';
import { testCommandApp } from '../shared/test-app';
import { signedUpUser } from '../shared/testing';
import { notificationIdOf } from './decider';

/**
 * POST /api/admin/notifications/:id/retry over real HTTP (issue 41): only an
 * admin, only a notification that failed, recorded with the admin as its actor.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const now = () => new Date('2026-11-28T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function openNotificationsApi() {
  const eventStore = createMemoryEventStore();
  const tokens = createTokenService({ secret });
  const app = testCommandApp({
    eventStore,
    catalog: createCatalogView({ eventStore, logger: silentLogger }),
    tokens,
    now,
  });
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());
  const admin = await signedUpUser(eventStore, tokens, { name: 'Gerente', role: 'admin', now });
  const customer = await signedUpUser(eventStore, tokens, { name: 'Maria', now });

  const retry = async (id: string, token?: string) => {
    const response = await fetch(`${server.url}/api/admin/notifications/${id}/retry`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };

  /** A notification of Maria's order whose stream holds these events after its request. */
  const notification = async (after: { type: string; data: JsonObject }[]) => {
    const sourceId = randomUUID();
    const notificationId = notificationIdOf(sourceId, 'order_ready_for_pickup', 'email');
    const events = [
      {
        type: 'NotificationRequested',
        data: {
          notificationId,
          kind: 'order_ready_for_pickup',
          channel: 'email',
          sourceId,
          sourceStream: `order-${randomUUID()}`,
          sourceRevision: 3,
          userId: customer.userId,
          orderId: randomUUID(),
          orderNumber: 1042,
          attempt: 1,
        },
      },
      ...after.map((event) => ({ ...event, data: { notificationId, ...event.data } })),
    ];
    await eventStore.appendToStream(
      notificationStreamName(notificationId),
      events.map(({ type, data }) => ({
        id: randomUUID(),
        type,
        data,
        metadata: withSchemaVersion(type, {
          correlationId: 'test',
          causationId: 'test',
          actorId: 'system',
          actorRole: 'system',
          occurredAt: now().toISOString(),
        }),
      })),
    );
    return notificationId;
  };
  const failedForGood = {
    type: 'NotificationAttemptFailed',
    data: { attempt: 1, error: '550', retryAt: null, interrupted: false },
  };

  return { eventStore, admin, customer, retry, notification, failedForGood };
}

describe('POST /api/admin/notifications/:id/retry', () => {
  it('given no token, or a customer’s, then 401 and 403, and nothing is recorded', async () => {
    const api = await openNotificationsApi();
    const id = await api.notification([api.failedForGood]);
    expect(await api.retry(id)).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenMissing },
    });
    expect(await api.retry(id, api.customer.token)).toMatchObject({
      status: 403,
      body: { message: accountMessages.forbidden },
    });
    expect(await api.eventStore.readStream(notificationStreamName(id))).toHaveLength(2);
  });

  it('given an unknown or malformed id, then 404 notificationNotFound', async () => {
    const api = await openNotificationsApi();
    for (const id of [randomUUID(), 'not-a-uuid', '..%2F..%2Fuser-1']) {
      expect(await api.retry(id, api.admin.token), id).toMatchObject({
        status: 404,
        body: { message: notificationMessages.notificationNotFound },
      });
    }
  });

  it('given a notification sending, waiting for its next attempt, or sent, then 409 retryNotFailed, nothing recorded', async () => {
    const api = await openNotificationsApi();
    const cases = [
      [],
      [
        {
          type: 'NotificationAttemptFailed',
          data: {
            attempt: 1,
            error: '421',
            retryAt: '2026-11-28T12:01:00.000Z',
            interrupted: false,
          },
        },
      ],
      [{ type: 'NotificationSent', data: { attempt: 1 } }],
    ];
    for (const after of cases) {
      const id = await api.notification(after);
      expect(await api.retry(id, api.admin.token)).toMatchObject({
        status: 409,
        body: { message: notificationMessages.retryNotFailed },
      });
      expect(await api.eventStore.readStream(notificationStreamName(id))).toHaveLength(
        1 + after.length,
      );
    }
  });

  it('given a failed notification, when an admin retries, then 200 retryRequested with the position, recorded as hers; asked again, 409', async () => {
    const api = await openNotificationsApi();
    const id = await api.notification([api.failedForGood]);
    const answer = await api.retry(id, api.admin.token);
    const last = (await api.eventStore.readStream(notificationStreamName(id))).at(-1);
    expect(answer).toEqual({
      status: 200,
      body: { message: notificationMessages.retryRequested, position: last?.position },
    });
    expect(last).toMatchObject({
      type: 'NotificationRetryRequested',
      data: { notificationId: id },
      metadata: { actorId: api.admin.userId, actorRole: 'admin' },
    });
    expect((await api.retry(id, api.admin.token)).status).toBe(409);
  });

  it('given an interrupted notification, when an admin retries, then 200', async () => {
    const api = await openNotificationsApi();
    const id = await api.notification([
      {
        type: 'NotificationAttemptFailed',
        data: { attempt: 1, error: 'interrompido', retryAt: null, interrupted: true },
      },
    ]);
    expect((await api.retry(id, api.admin.token)).status).toBe(200);
  });
});
