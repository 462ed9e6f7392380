import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  adminNotificationListSchema,
  messages,
  NOTIFICATIONS_COLLECTION,
  NOTIFICATIONS_PROJECTION,
  USERS_COLLECTION,
  USERS_PROJECTION,
  type NotificationDocument,
} from '@quitute/contracts';
import { aUser, CUSTOMER_ID, openAdminReads, type AdminReads } from '../admin/test-shop';

const DELETED_ID = '7e7e7e7e-7e7e-4e7e-8e7e-7e7e7e7e7e7e';
const UNKNOWN_ID = '9a9a9a9a-9a9a-4a9a-8a9a-9a9a9a9a9a9a';
const ORDER_ID = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';

/** A notifications_v1 document as the projection writes it, the n-th of the day. */
const aNotification = (
  n: number,
  fields: Partial<NotificationDocument> = {},
): NotificationDocument => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'order_received',
  channel: 'email',
  userId: CUSTOMER_ID,
  orderId: ORDER_ID,
  orderNumber: 1042,
  status: 'sent',
  attempts: 1,
  lastError: null,
  interrupted: false,
  nextAttemptAt: null,
  createdAt: `2026-11-27T12:00:${String(n % 60).padStart(2, '0')}.000Z`,
  updatedAt: `2026-11-27T12:00:${String(n % 60).padStart(2, '0')}.000Z`,
  sentAt: `2026-11-27T12:00:${String(n % 60).padStart(2, '0')}.000Z`,
  position: 100 + n,
  ...fields,
});

const failedForAna = aNotification(5, {
  kind: 'payment_approved',
  status: 'failed',
  attempts: 5,
  lastError: '550 5.1.1 mailbox unavailable',
  sentAt: null,
  updatedAt: '2026-11-27T14:00:00.000Z',
});
const retryingForDeleted = aNotification(4, {
  userId: DELETED_ID,
  status: 'retrying',
  lastError: '421 try again later',
  nextAttemptAt: '2026-11-27T12:05:00.000Z',
  sentAt: null,
});
const failedForUnknown = aNotification(3, {
  userId: UNKNOWN_ID,
  channel: 'sms',
  status: 'failed',
  interrupted: true,
  lastError: 'Envio interrompido',
  sentAt: null,
});
const shopsOwn = aNotification(2, {
  kind: 'shop_new_order',
  userId: null,
});
const sentForAna = aNotification(1);

let shop: AdminReads;

beforeAll(async () => {
  shop = await openAdminReads({
    projections: [NOTIFICATIONS_PROJECTION, USERS_PROJECTION],
    position: 140,
  });
  await shop.readStore
    .collection(USERS_COLLECTION)
    .put(aUser(DELETED_ID, 'Carla Dias', 'user', { isDeleted: true }));
  await shop.readStore.collection(NOTIFICATIONS_COLLECTION).putMany([
    sentForAna,
    shopsOwn,
    failedForUnknown,
    retryingForDeleted,
    failedForAna,
    // Older ones, a page's worth: the newest page ends before them.
    ...Array.from({ length: ADMIN_NOTIFICATIONS_PAGE_SIZE }, (_, index) =>
      aNotification(10 + index, { createdAt: '2026-11-20T12:00:00.000Z' }),
    ),
  ]);
});
afterAll(() => shop?.close());

const list = async (path: string) =>
  adminNotificationListSchema.parse((await shop.read(path)).body);

describe('GET /api/admin/notifications', () => {
  it('given notifications to customers and to the shop, then the admin gets them newest first, each with whom it was for', async () => {
    const { body, position, response } = await shop.read('/api/admin/notifications');

    const answer = adminNotificationListSchema.parse(body);
    expect(answer.notifications.slice(0, 5).map((notification) => notification.id)).toEqual(
      [failedForAna, retryingForDeleted, failedForUnknown, shopsOwn, sentForAna].map(
        (document) => document._id,
      ),
    );
    expect(answer.notifications[0]).toEqual({
      id: failedForAna._id,
      kind: 'payment_approved',
      channel: 'email',
      status: 'failed',
      attempts: 5,
      lastError: '550 5.1.1 mailbox unavailable',
      interrupted: false,
      nextAttemptAt: null,
      createdAt: failedForAna.createdAt,
      updatedAt: '2026-11-27T14:00:00.000Z',
      sentAt: null,
      orderId: ORDER_ID,
      orderNumber: 1042,
      customer: { id: CUSTOMER_ID, name: 'Ana Souza', email: 'ana.souza@exemplo.com.br' },
    });
    expect(body).toMatchObject({ total: 5 + ADMIN_NOTIFICATIONS_PAGE_SIZE, page: 1, pages: 2 });
    expect(position).toBe(140);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('given the shop’s own message, a deleted account’s and an unknown account’s, then none names a customer', async () => {
    const { notifications } = await list('/api/admin/notifications');
    const customerOf = (id: string) =>
      notifications.find((notification) => notification.id === id)?.customer;

    expect(customerOf(shopsOwn._id)).toBeNull();
    expect(customerOf(retryingForDeleted._id)).toBeNull();
    expect(customerOf(failedForUnknown._id)).toBeNull();
    expect(customerOf(sentForAna._id)).toMatchObject({ id: CUSTOMER_ID });
  });

  it('given ?status=failed, then only the failed ones (an interrupted one too), newest first, counted alone', async () => {
    const answer = await list('/api/admin/notifications?status=failed');

    expect(answer.notifications.map((notification) => notification.id)).toEqual([
      failedForAna._id,
      failedForUnknown._id,
    ]);
    expect(answer.notifications[1]).toMatchObject({ channel: 'sms', interrupted: true });
    expect(answer).toMatchObject({ total: 2, page: 1, pages: 1 });
  });

  it('given ?status=retrying, then the one waiting for its next attempt, and when it is due', async () => {
    const answer = await list('/api/admin/notifications?status=retrying');

    expect(answer.notifications).toEqual([
      expect.objectContaining({
        id: retryingForDeleted._id,
        nextAttemptAt: '2026-11-27T12:05:00.000Z',
      }),
    ]);
  });

  it('given page 2, then the rest, older ones last', async () => {
    const answer = await list('/api/admin/notifications?page=2');

    expect(answer.notifications).toHaveLength(5);
    expect(answer.page).toBe(2);
    expect(
      answer.notifications.every((notification) => notification.createdAt.startsWith('2026-11-20')),
    ).toBe(true);
  });

  it('given pages read one after another, then every notification appears once', async () => {
    const [first, second] = [
      await list('/api/admin/notifications'),
      await list('/api/admin/notifications?page=2'),
    ];
    const ids = [...first.notifications, ...second.notifications].map((n) => n.id);

    expect(new Set(ids).size).toBe(5 + ADMIN_NOTIFICATIONS_PAGE_SIZE);
  });

  it('given X-Min-Position from the admin’s retry, then the read waits for it first', async () => {
    shop.waits.length = 0;
    await shop.get('/api/admin/notifications', { headers: { 'X-Min-Position': '512' } });
    expect(shop.waits).toEqual([512]);
  });

  it.each([
    ['an unknown status', '?status=lost'],
    ['an empty status', '?status='],
    ['two statuses', '?status=failed&status=sent'],
    ['page 0', '?page=0'],
    ['a page that is not a number', '?page=abc'],
  ])('given %s, then 400 with the search message', async (_case, search) => {
    const response = await shop.get(`/api/admin/notifications${search}`);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
  });

  it.each([
    ['no token', null, 401],
    ['a customer’s token', 'customer', 403],
  ])('given %s, then %i and nothing of anyone', async (_case, who, status) => {
    const response = await shop.get('/api/admin/notifications?status=failed', {
      token: who === 'customer' ? shop.customerToken : null,
    });

    expect(response.status).toBe(status);
    const text = await response.text();
    expect(text).not.toContain('ana.souza@');
    expect(text).not.toContain('mailbox unavailable');
  });
});
