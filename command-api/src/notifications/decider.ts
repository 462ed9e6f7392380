import { v5 as uuidv5 } from 'uuid';
import {
  assertNever,
  INTERRUPTED_ATTEMPT_ERROR,
  NOTIFICATION_MAX_ATTEMPTS,
  NOTIFICATION_RETRY_DELAYS_MS,
  notificationEventSchemas,
  notificationMessages,
  parseEvent,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationKind,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/**
 * One notification's life (issue 41), stream `notification-<notificationId>`.
 * Each attempt is recorded before the message leaves (NotificationRequested
 * for the first, NotificationAttemptStarted for the next) and settled after
 * (NotificationSent or NotificationAttemptFailed). The request is appended only
 * to a stream that does not exist: whoever appends it first is the one who
 * sends, so a replay, a restart or a second instance sends nothing twice.
 */

export type NotificationRequest = Extract<
  NotificationEvent,
  { type: 'NotificationRequested' }
>['data'];

/** What an attempt is about: the request, and the attempt's number (1, 2…). */
interface Requested {
  request: NotificationRequest;
  attempt: number;
}

export type NotificationState =
  | { status: 'absent' }
  /** An attempt began and has no outcome yet (it is under way, or its process stopped). */
  | ({ status: 'sending' } & Requested)
  /** The last attempt failed; the next one begins at `retryAt` (ISO). */
  | ({ status: 'retrying'; retryAt: string } & Requested)
  /** The last attempt failed for good, or was interrupted: it waits for an admin. */
  | ({ status: 'failed'; interrupted: boolean } & Requested)
  /** An admin asked to send it again: the next attempt begins at once. */
  | ({ status: 'retry_requested' } & Requested)
  | ({ status: 'sent' } & Requested);

/** Time arrives in the command (STYLE rule 5). */
export type NotificationCommand =
  /** The first attempt, claimed only on a stream that does not exist yet. */
  | { type: 'RequestNotification'; request: Omit<NotificationRequest, 'attempt'> }
  /** The next attempt, when one is due at `now` (its pause is over, or an admin asked). */
  | { type: 'StartAttempt'; now: string }
  | { type: 'RecordSent'; attempt: number; providerMessageId?: string | undefined }
  /**
   * The attempt failed. `retriable`: the next one is scheduled after its pause
   * (until the last attempt); otherwise (the message may no longer go) it is failed.
   */
  | { type: 'RecordFailure'; attempt: number; error: string; now: string; retriable: boolean }
  /** The attempt's process stopped before it recorded an outcome: the message may have left. */
  | { type: 'MarkInterrupted'; attempt: number }
  /** POST /api/admin/notifications/:id/retry. */
  | { type: 'RequestRetry' };

const ERROR_MAX_LENGTH = 500;

/** When the attempt after `attempt` (failed at `now`) is due; null when it was the last one. */
export function retryAtAfter(attempt: number, now: string): string | null {
  const delay =
    attempt < NOTIFICATION_MAX_ATTEMPTS ? NOTIFICATION_RETRY_DELAYS_MS[attempt - 1] : undefined;
  return delay === undefined ? null : new Date(Date.parse(now) + delay).toISOString();
}

/** The attempt under way, when it is this one; null otherwise (settled already, or another). */
function sendingAttempt(state: NotificationState, attempt: number): Requested | null {
  return state.status === 'sending' && state.attempt === attempt ? state : null;
}

export const notificationDecider: Decider<
  NotificationState,
  NotificationCommand,
  NotificationEvent
> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    if (event.type === 'NotificationRequested') {
      return { status: 'sending', request: event.data, attempt: event.data.attempt };
    }
    if (state.status === 'absent') return state;
    const { request } = state;
    switch (event.type) {
      case 'NotificationAttemptStarted':
        return { status: 'sending', request, attempt: event.data.attempt };
      case 'NotificationSent':
        return { status: 'sent', request, attempt: event.data.attempt };
      case 'NotificationAttemptFailed': {
        const { attempt, retryAt, interrupted } = event.data;
        return retryAt === null
          ? { status: 'failed', request, attempt, interrupted }
          : { status: 'retrying', request, attempt, retryAt };
      }
      case 'NotificationRetryRequested':
        return { status: 'retry_requested', request, attempt: state.attempt };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestNotification':
        // Claimed already (by this process earlier, another one, or a replay): nothing is sent again.
        if (state.status !== 'absent') return [];
        return [{ type: 'NotificationRequested', data: { ...command.request, attempt: 1 } }];
      case 'StartAttempt': {
        const due =
          state.status === 'retry_requested' ||
          (state.status === 'retrying' && Date.parse(state.retryAt) <= Date.parse(command.now));
        if (!due) return [];
        const { notificationId } = state.request;
        return [
          {
            type: 'NotificationAttemptStarted',
            data: { notificationId, attempt: state.attempt + 1 },
          },
        ];
      }
      case 'RecordSent': {
        const sending = sendingAttempt(state, command.attempt);
        if (!sending) return [];
        const { providerMessageId } = command;
        return [
          {
            type: 'NotificationSent',
            data: {
              notificationId: sending.request.notificationId,
              attempt: sending.attempt,
              ...(providerMessageId ? { providerMessageId: providerMessageId.slice(0, 300) } : {}),
            },
          },
        ];
      }
      case 'RecordFailure': {
        const sending = sendingAttempt(state, command.attempt);
        if (!sending) return [];
        return [
          {
            type: 'NotificationAttemptFailed',
            data: {
              notificationId: sending.request.notificationId,
              attempt: sending.attempt,
              error: command.error.slice(0, ERROR_MAX_LENGTH),
              retryAt: command.retriable ? retryAtAfter(sending.attempt, command.now) : null,
              interrupted: false,
            },
          },
        ];
      }
      case 'MarkInterrupted': {
        const sending = sendingAttempt(state, command.attempt);
        if (!sending) return [];
        return [
          {
            type: 'NotificationAttemptFailed',
            data: {
              notificationId: sending.request.notificationId,
              attempt: sending.attempt,
              error: INTERRUPTED_ATTEMPT_ERROR,
              retryAt: null,
              interrupted: true,
            },
          },
        ];
      }
      case 'RequestRetry':
        if (state.status === 'absent') {
          throw new AppError('not_found', notificationMessages.notificationNotFound);
        }
        if (state.status !== 'failed') {
          throw new AppError('conflict', notificationMessages.retryNotFailed);
        }
        return [
          {
            type: 'NotificationRetryRequested',
            data: { notificationId: state.request.notificationId },
          },
        ];
      default:
        return assertNever(command);
    }
  },
};

export function parseNotificationEvent(recorded: RecordedEvent): NotificationEvent | null {
  return parseEvent(notificationEventSchemas, recorded);
}

/** Ids of notifications: the same source, kind and channel always name the same notification. */
const NOTIFICATION_NAMESPACE = '2f6c9e1a-8b3d-4c7e-9a15-6d0b4e8f2c73';

/**
 * A notification's id: uuid v5 of its source (an event id, or
 * `daily-summary:<date>`), kind and channel. Whoever is told of the same source
 * again names the same stream, which exists already.
 */
export function notificationIdOf(
  sourceId: string,
  kind: NotificationKind,
  channel: NotificationChannel,
): string {
  return uuidv5(`${sourceId}:${kind}:${channel}`, NOTIFICATION_NAMESPACE);
}
