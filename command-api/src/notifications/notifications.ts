import { notificationStreamName, type NotificationEvent } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { retryOnConflict } from '../shared/command-wrappers';
import {
  commandStream,
  handleCommand,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type LoadedAggregate,
} from '../shared/handle-command';
import {
  notificationDecider,
  parseNotificationEvent,
  type NotificationCommand,
  type NotificationState,
} from './decider';

/** A notification's stream stays short (an attempt or a few): read whole, no snapshots. */
function notificationStream(eventStore: EventStore, notificationId: string) {
  return commandStream(
    eventStore,
    notificationStreamName(notificationId),
    notificationDecider,
    parseNotificationEvent,
  );
}

export function readNotification(
  eventStore: EventStore,
  notificationId: string,
): Promise<LoadedAggregate<NotificationState>> {
  return readAggregate(notificationStream(eventStore, notificationId));
}

export interface NotificationCommandResult extends CommandResult<NotificationState> {
  /** What this run appended: nothing when the stream already said it (claimed, settled, not due). */
  appended: NotificationEvent[];
}

/**
 * One command on a notification's stream, appended with the revision it was
 * decided on (a stream that did not exist is appended to with `no_stream`):
 * a concurrent writer — another instance claiming the same request or
 * settling the same attempt — makes it fail with WrongExpectedRevisionError,
 * never both succeed.
 */
export async function runNotificationCommand(
  eventStore: EventStore,
  notificationId: string,
  command: NotificationCommand,
  context: CommandContext,
): Promise<NotificationCommandResult> {
  let decided: NotificationEvent[] = [];
  const stream = notificationStream(eventStore, notificationId);
  const recording = {
    ...stream,
    decider: {
      ...notificationDecider,
      decide: (toDecide: NotificationCommand, state: NotificationState) =>
        (decided = notificationDecider.decide(toDecide, state)),
    },
  };
  const result = await handleCommand(recording, command, context);
  return { ...result, appended: decided };
}

/** Two admins asking at once: the second is decided on the first's request (409, not 412). */
const RETRY_CONFLICT_RETRIES = 3;

/**
 * An admin asks to send a failed notification again (404 unknown, 409 not
 * failed): NotificationRetryRequested, which the notifier acts on at once.
 */
export function requestNotificationRetry(
  eventStore: EventStore,
  notificationId: string,
  context: CommandContext,
): Promise<CommandResult<NotificationState>> {
  return retryOnConflict(
    RETRY_CONFLICT_RETRIES,
    notificationStream(eventStore, notificationId),
    { type: 'RequestRetry' },
    context,
  );
}
