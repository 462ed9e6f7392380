import { describe, expect, it } from 'vitest';
import {
  INTERRUPTED_ATTEMPT_ERROR,
  NOTIFICATION_MAX_ATTEMPTS,
  NOTIFICATION_RETRY_DELAYS_MS,
  notificationMessages,
  type NotificationEvent,
} from '@quitute/contracts';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { notificationDecider, notificationIdOf, type NotificationRequest } from './decider';

const notificationId = notificationIdOf(
  '7d0c5a4e-2b1f-4e3d-9c8b-6a5f4e3d2c1b',
  'order_received',
  'email',
);
const request: NotificationRequest = {
  notificationId,
  kind: 'order_received',
  channel: 'email',
  sourceId: '7d0c5a4e-2b1f-4e3d-9c8b-6a5f4e3d2c1b',
  sourceStream: 'order-5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d',
  sourceRevision: 0,
  userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
  orderId: '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d',
  orderNumber: 1001,
  attempt: 1,
};
const { attempt: _first, ...requestCommand } = request;

const now = '2026-11-21T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(now) + ms).toISOString();

const requested: NotificationEvent = { type: 'NotificationRequested', data: request };
const started = (attempt: number): NotificationEvent => ({
  type: 'NotificationAttemptStarted',
  data: { notificationId, attempt },
});
const failed = (attempt: number, retryAt: string | null): NotificationEvent => ({
  type: 'NotificationAttemptFailed',
  data: { notificationId, attempt, error: '421 try later', retryAt, interrupted: false },
});
const interrupted = (attempt: number): NotificationEvent => ({
  type: 'NotificationAttemptFailed',
  data: {
    notificationId,
    attempt,
    error: INTERRUPTED_ATTEMPT_ERROR,
    retryAt: null,
    interrupted: true,
  },
});
const sent = (attempt: number): NotificationEvent => ({
  type: 'NotificationSent',
  data: { notificationId, attempt },
});
const retryRequested: NotificationEvent = {
  type: 'NotificationRetryRequested',
  data: { notificationId },
};

const given = deciderSpec(notificationDecider);

describe('notification decider: the claim', () => {
  it('given no stream, when requested, then NotificationRequested as attempt 1', () => {
    expect(given([]).when({ type: 'RequestNotification', request: requestCommand })()).toEqual([
      requested,
    ]);
  });

  it('given it was requested already (a replay, a restart, another instance), when requested again, then nothing: it is not sent twice', () => {
    for (const history of [[requested], [requested, sent(1)], [requested, interrupted(1)]]) {
      expect(
        given(history).when({ type: 'RequestNotification', request: requestCommand })(),
      ).toEqual([]);
    }
  });
});

describe('notification decider: outcomes', () => {
  it('given attempt 1 under way, when sent, then NotificationSent with the provider id', () => {
    expect(
      given([requested]).when({ type: 'RecordSent', attempt: 1, providerMessageId: '<m1@x>' })(),
    ).toEqual([
      {
        type: 'NotificationSent',
        data: { notificationId, attempt: 1, providerMessageId: '<m1@x>' },
      },
    ]);
  });

  it('given attempt 1 under way, when it fails, then the next is due after the first pause', () => {
    expect(
      given([requested]).when({
        type: 'RecordFailure',
        attempt: 1,
        error: '421 try later',
        now,
        retriable: true,
      })(),
    ).toEqual([failed(1, later(NOTIFICATION_RETRY_DELAYS_MS[0] ?? 0))]);
  });

  it('given every attempt but the last failed, when the last fails, then it is failed (no retryAt)', () => {
    const history: NotificationEvent[] = [requested];
    for (let attempt = 1; attempt < NOTIFICATION_MAX_ATTEMPTS; attempt += 1) {
      history.push(failed(attempt, later(1)), started(attempt + 1));
    }
    expect(
      given(history).when({
        type: 'RecordFailure',
        attempt: NOTIFICATION_MAX_ATTEMPTS,
        error: '421 try later',
        now,
        retriable: true,
      })(),
    ).toEqual([failed(NOTIFICATION_MAX_ATTEMPTS, null)]);
    expect(
      fold(notificationDecider, [...history, failed(NOTIFICATION_MAX_ATTEMPTS, null)]),
    ).toMatchObject({
      status: 'failed',
      interrupted: false,
    });
  });

  it('given attempt n failed, then attempt n+1 is due after pause n', () => {
    NOTIFICATION_RETRY_DELAYS_MS.forEach((delay, index) => {
      const attempt = index + 1;
      const history: NotificationEvent[] =
        attempt === 1 ? [requested] : [requested, failed(attempt - 1, later(1)), started(attempt)];
      expect(
        given(history).when({ type: 'RecordFailure', attempt, error: 'x', now, retriable: true })(),
      ).toMatchObject([{ data: { attempt, retryAt: later(delay) } }]);
    });
  });

  it('given a failure that no retry can mend (her preference is off now), then it is failed at once', () => {
    expect(
      given([requested]).when({
        type: 'RecordFailure',
        attempt: 1,
        error: 'off',
        now,
        retriable: false,
      })(),
    ).toMatchObject([{ data: { retryAt: null, interrupted: false } }]);
  });

  it('given a server error longer than the event takes, then it is cut to 500 characters', () => {
    const [event] = given([requested]).when({
      type: 'RecordFailure',
      attempt: 1,
      error: 'x'.repeat(2_000),
      now,
      retriable: true,
    })();
    expect(event?.type === 'NotificationAttemptFailed' && event.data.error.length).toBe(500);
  });

  it('given the attempt settled already or another attempt under way, when an outcome of it comes, then nothing (the first record stands)', () => {
    expect(given([requested, sent(1)]).when({ type: 'RecordSent', attempt: 1 })()).toEqual([]);
    expect(given([requested, interrupted(1)]).when({ type: 'RecordSent', attempt: 1 })()).toEqual(
      [],
    );
    expect(
      given([requested, failed(1, later(1)), started(2)]).when({
        type: 'RecordFailure',
        attempt: 1,
        error: 'x',
        now,
        retriable: true,
      })(),
    ).toEqual([]);
    expect(given([]).when({ type: 'RecordSent', attempt: 1 })()).toEqual([]);
  });
});

describe('notification decider: interrupted attempts', () => {
  it('given an attempt begun and never settled, when marked interrupted, then it is failed, interrupted, never retried on its own', () => {
    expect(given([requested]).when({ type: 'MarkInterrupted', attempt: 1 })()).toEqual([
      interrupted(1),
    ]);
    expect(fold(notificationDecider, [requested, interrupted(1)])).toMatchObject({
      status: 'failed',
      interrupted: true,
    });
    expect(
      given([requested, interrupted(1)]).when({ type: 'StartAttempt', now: later(86_400_000) })(),
    ).toEqual([]);
  });

  it('given a retry begun and never settled, when marked interrupted, then that attempt is', () => {
    expect(
      given([requested, failed(1, later(1)), started(2)]).when({
        type: 'MarkInterrupted',
        attempt: 2,
      })(),
    ).toEqual([interrupted(2)]);
  });

  it('given the attempt was settled, when marked interrupted, then nothing', () => {
    expect(given([requested, sent(1)]).when({ type: 'MarkInterrupted', attempt: 1 })()).toEqual([]);
  });
});

describe('notification decider: the next attempt', () => {
  it('given a failure due to retry at T, when started before T, then nothing; at T, then attempt 2', () => {
    const history = [requested, failed(1, later(60_000))];
    expect(given(history).when({ type: 'StartAttempt', now: later(59_999) })()).toEqual([]);
    expect(given(history).when({ type: 'StartAttempt', now: later(60_000) })()).toEqual([
      started(2),
    ]);
  });

  it('given an attempt under way, sent, or failed, when started, then nothing', () => {
    for (const history of [[requested], [requested, sent(1)], [requested, failed(1, null)]]) {
      expect(given(history).when({ type: 'StartAttempt', now: later(1e9) })()).toEqual([]);
    }
  });
});

describe('notification decider: the admin retry', () => {
  it('given a failed notification (last attempt, or interrupted), when an admin retries, then NotificationRetryRequested and the next attempt is due at once', () => {
    for (const history of [
      [requested, failed(1, null)],
      [requested, interrupted(1)],
    ]) {
      expect(given(history).when({ type: 'RequestRetry' })()).toEqual([retryRequested]);
      expect(given([...history, retryRequested]).when({ type: 'StartAttempt', now })()).toEqual([
        started(2),
      ]);
    }
  });

  it('given a retry past the last attempt fails again, then it is failed again at once', () => {
    const history = [
      requested,
      failed(1, null),
      retryRequested,
      started(NOTIFICATION_MAX_ATTEMPTS + 1),
    ];
    expect(
      given(history).when({
        type: 'RecordFailure',
        attempt: NOTIFICATION_MAX_ATTEMPTS + 1,
        error: 'x',
        now,
        retriable: true,
      })(),
    ).toMatchObject([{ data: { retryAt: null } }]);
  });

  it('given no such notification, when an admin retries, then 404 notificationNotFound', () => {
    rejectsWith(
      given([]).when({ type: 'RequestRetry' }),
      'not_found',
      notificationMessages.notificationNotFound,
    );
  });

  it('given a notification sending, retrying, sent or already asked again, when an admin retries, then 409 retryNotFailed', () => {
    for (const history of [
      [requested],
      [requested, failed(1, later(1))],
      [requested, sent(1)],
      [requested, failed(1, null), retryRequested],
    ]) {
      rejectsWith(
        given(history).when({ type: 'RequestRetry' }),
        'conflict',
        notificationMessages.retryNotFailed,
      );
    }
  });
});

describe('notificationIdOf', () => {
  it('given the same source, kind and channel, then the same id; another kind or channel, then another', () => {
    const source = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
    expect(notificationIdOf(source, 'payment_approved', 'email')).toBe(
      notificationIdOf(source, 'payment_approved', 'email'),
    );
    expect(notificationIdOf(source, 'payment_approved', 'sms')).not.toBe(
      notificationIdOf(source, 'payment_approved', 'email'),
    );
    expect(notificationIdOf(source, 'shop_new_order', 'email')).not.toBe(
      notificationIdOf(source, 'payment_approved', 'email'),
    );
    expect(notificationIdOf(source, 'order_received', 'email')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
