import { describe, expect, it } from 'vitest';
import {
  notificationDocumentSchema,
  NOTIFICATIONS_COLLECTION,
  NOTIFICATIONS_PROJECTION,
  notificationStreamName,
  type NotificationEvent,
} from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint, writeCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { ProjectionRunner } from '../runner';
import { project } from '../testing';
import { notificationsProjection } from './notifications';

const notificationId = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
const userId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const stream = notificationStreamName(notificationId);
/** When the n-th event of `given` happened (recordedAt's clock). */
const at = (n: number) => `2026-11-22T12:00:0${n}.000Z`;

/** Given these events of the notification's stream (event n at position n), then this document. */
const given = (events: NotificationEvent[]) =>
  project(notificationsProjection, events, { streamName: stream, documentId: notificationId });

const requested: NotificationEvent = {
  type: 'NotificationRequested',
  data: {
    notificationId,
    kind: 'order_received',
    channel: 'email',
    sourceId: '00000000-0000-4000-8000-00000000abcd',
    sourceStream: `order-${orderId}`,
    sourceRevision: 0,
    userId,
    orderId,
    orderNumber: 1042,
    attempt: 1,
  },
};
const sent = (attempt: number): NotificationEvent => ({
  type: 'NotificationSent',
  data: { notificationId, attempt, providerMessageId: '<abc@quitute>' },
});
const failed = (
  attempt: number,
  error: string,
  retryAt: string | null,
  interrupted = false,
): NotificationEvent => ({
  type: 'NotificationAttemptFailed',
  data: { notificationId, attempt, error, retryAt, interrupted },
});
const started = (attempt: number): NotificationEvent => ({
  type: 'NotificationAttemptStarted',
  data: { notificationId, attempt },
});
const retryRequested: NotificationEvent = {
  type: 'NotificationRetryRequested',
  data: { notificationId },
};

describe('notifications projection', () => {
  it('given a notification requested, then it is sending its first attempt, about the order, for the customer', () => {
    expect(given([requested])).toEqual({
      _id: notificationId,
      kind: 'order_received',
      channel: 'email',
      userId,
      orderId,
      orderNumber: 1042,
      status: 'sending',
      attempts: 1,
      lastError: null,
      interrupted: false,
      nextAttemptAt: null,
      createdAt: at(1),
      updatedAt: at(1),
      sentAt: null,
      position: 1,
    });
  });

  it('given the mail server took it, then sent, when, with no error', () => {
    expect(given([requested, sent(1)])).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: at(2),
      updatedAt: at(2),
      position: 2,
    });
  });

  it('given the first attempt failed with a next one due, then retrying until then, with the server’s error', () => {
    expect(
      given([requested, failed(1, '421 4.3.2 try again later', '2026-11-22T12:01:02.000Z')]),
    ).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastError: '421 4.3.2 try again later',
      interrupted: false,
      nextAttemptAt: '2026-11-22T12:01:02.000Z',
      sentAt: null,
      position: 2,
    });
  });

  it('given the retry began, then sending again, its attempt counted, nothing due; then sent, the last error kept', () => {
    const retried = [requested, failed(1, '421 busy', '2026-11-22T12:01:02.000Z'), started(2)];
    expect(given(retried)).toMatchObject({
      status: 'sending',
      attempts: 2,
      nextAttemptAt: null,
      lastError: '421 busy',
      updatedAt: at(3),
    });
    expect(given([...retried, sent(2)])).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: at(4),
      lastError: '421 busy',
    });
  });

  it('given the last attempt failed (no next one), then failed, nothing due', () => {
    expect(
      given([requested, failed(1, '421 busy', at(9)), started(2), failed(2, '550 refused', null)]),
    ).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: '550 refused',
      interrupted: false,
      nextAttemptAt: null,
      position: 4,
    });
  });

  it('given an attempt interrupted (the process stopped during the send), then failed and interrupted, even with a time given for a next one', () => {
    expect(
      given([requested, failed(1, 'Envio interrompido', '2026-11-22T12:01:02.000Z', true)]),
    ).toMatchObject({
      status: 'failed',
      interrupted: true,
      nextAttemptAt: null,
      lastError: 'Envio interrompido',
    });
  });

  it('given an admin asked to send a failed one again, then retrying, due at once, no longer interrupted; the notifier’s attempt makes it sending', () => {
    const asked = [requested, failed(1, 'Envio interrompido', null, true), retryRequested];
    expect(given(asked)).toMatchObject({
      status: 'retrying',
      interrupted: false,
      nextAttemptAt: at(3),
      attempts: 1,
      lastError: 'Envio interrompido',
      updatedAt: at(3),
      position: 3,
    });
    expect(given([...asked, started(2), sent(2)])).toMatchObject({
      status: 'sent',
      attempts: 2,
      nextAttemptAt: null,
      sentAt: at(5),
    });
  });

  it('given a retry asked of one already sent, then it stays sent', () => {
    expect(given([requested, sent(1), retryRequested])).toMatchObject({
      status: 'sent',
      nextAttemptAt: null,
      sentAt: at(2),
    });
  });

  it('given the shop’s own message (no customer, no order), then the document says so', () => {
    expect(
      given([
        {
          type: 'NotificationRequested',
          data: {
            ...requested.data,
            kind: 'shop_daily_summary',
            sourceId: 'daily-summary:2026-12-05',
            sourceStream: null,
            sourceRevision: null,
            userId: null,
            orderId: null,
            orderNumber: null,
          },
        },
      ]),
    ).toMatchObject({ kind: 'shop_daily_summary', userId: null, orderId: null, orderNumber: null });
  });

  it('given an attempt’s outcome without its request, then no document', () => {
    expect(given([started(2), sent(2)])).toBeNull();
  });

  it('given the admin’s list, then its indexes serve all of them and one status, newest first', () => {
    expect(notificationsProjection.indexes).toEqual([
      { fields: { createdAt: -1, _id: -1 } },
      { fields: { status: 1, createdAt: -1, _id: -1 } },
    ]);
  });

  it('given a notification stored at position 2, when positions 1–2 are delivered again (a lost checkpoint), then none is applied twice; a later event still is', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const notifications = readStore.collection(NOTIFICATIONS_COLLECTION);
    const metadata = {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system' as const,
      occurredAt: '2026-11-22T12:00:00.000Z',
    };
    const append = (event: NotificationEvent) =>
      eventStore.appendToStream(stream, [{ id: crypto.randomUUID(), ...event, metadata }]);
    const run = async () => {
      const runner = new ProjectionRunner({
        eventStore,
        readStore,
        projections: [notificationsProjection],
        logger: silentLogger,
      });
      await runner.start();
      await runner.stop();
      return notificationDocumentSchema.parse(await notifications.get(notificationId));
    };
    await append(requested);
    await append(failed(1, '421 busy', '2026-11-22T12:01:00.000Z'));
    expect(await run()).toMatchObject({ status: 'retrying', attempts: 1, position: 2 });

    // A mark no event writes: re-applying the request (or the failure) would erase it.
    const stored = await notifications.get(notificationId);
    if (!stored) throw new Error('no notification stored');
    await notifications.put({ ...stored, lastError: 'applied once' });
    await writeCheckpoint(readStore, NOTIFICATIONS_PROJECTION, 0);
    expect(await run()).toMatchObject({ lastError: 'applied once', position: 2 });
    expect(await readCheckpoint(readStore, NOTIFICATIONS_PROJECTION)).toBe(2);

    await append(started(2));
    await append(sent(2));
    expect(await run()).toMatchObject({ status: 'sent', attempts: 2, position: 4 });
  });
});
