import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAX_SOURCE_AGE_MS,
  notificationRequestedSchema,
  parseEvent,
  SYSTEM_ACTOR,
} from '@quitute/contracts';
import {
  DuplicateEventIdError,
  foldPage,
  followLogResubscribing,
  WrongExpectedRevisionError,
  type EventStore,
  type JsonValue,
  type FoldsPassedPages,
  type RecordedEvent,
  type ResubscribingFollower,
} from '@quitute/infra/event-store';
import { boundedGate } from '@quitute/infra/gate';
import { createKeyedQueue } from '@quitute/infra/keyed-queue';
import type { Logger } from '@quitute/infra/logging';
import type { Mail, Mailer } from '@quitute/infra/mail';
import type { SavableView } from '@quitute/infra/saved-state';
import type { SmsSender } from '@quitute/infra/sms';
import { createMemorySnapshotStore, type SnapshotStore } from '@quitute/infra/snapshot-store';
import type { ScheduleReader } from '../schedule/schedule-reader';
import type { CommandContext } from '../shared/handle-command';
import type { ShopSettingsReader } from '../shop/settings-reader';
import { dailySummaryDue, dailySummarySourceId } from './daily-summary';
import { notificationIdOf, type NotificationCommand, type NotificationRequest } from './decider';
import { readNotificationFacts, type FactsReaders } from './facts';
import type { EmailLinks } from './links';
import {
  readNotification,
  runNotificationCommand,
  type NotificationCommandResult,
} from './notifications';
import {
  attemptsDue,
  attemptsUnderWay,
  evolveNotifier,
  initialNotifierState,
  notifierEventSchemas,
  notifierFilter,
  withoutWanted,
  type NotifierEvent,
  type NotifierState,
  type UnsettledNotification,
  type WantedNotification,
} from './notifier-fold';
import { outgoing, type NotificationSubject, type Outgoing } from './outgoing';
import { renderEmail } from './templates/render-email';
import { renderSms } from './templates/sms';
import type {
  CustomerMessage,
  EmailLinksFor,
  NotificationMessage,
  RenderedEmail,
  ShopFacts,
} from './templates/types';

/**
 * Issue 41, the notifier: a process manager beside the others (one active
 * instance under the process managers' lease). It follows the log, and for
 * each event that calls for a message it checks the rules on the facts the
 * log holds now (her preferences, her confirmed address, the order), then
 * claims the notification on its own stream (NotificationRequested, on a
 * stream that must not exist yet), sends, and records the outcome. A replay,
 * a restart or a second instance finds the stream and sends nothing again; an
 * attempt found begun and unsettled when it goes live (its process died
 * between the send and the record) is marked interrupted and never sent again
 * on its own. A failing mail server only makes notifications retry: no command
 * waits for it.
 */

export interface NotificationRenderers {
  email(
    message: NotificationMessage,
    shop: ShopFacts,
    links: EmailLinksFor,
  ): RenderedEmail | Promise<RenderedEmail>;
  sms(message: CustomerMessage, shop: ShopFacts): string;
}

export interface NotifierOptions {
  eventStore: EventStore;
  /** Where the accounts' and kitchen days' streams are snapshotted (the command side's; in memory when absent). */
  snapshotStore?: SnapshotStore | undefined;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  shopSettings: ShopSettingsReader;
  schedule: ScheduleReader;
  emailLinks: EmailLinks;
  /** The shop's origin, read at each use. */
  publicUrl: () => string;
  /** The e-mail and SMS templates (./templates) by default. */
  renderers?: NotificationRenderers;
  /** The clock (ms). */
  now?: () => number;
  /** How often due retries and the daily summary are looked at (default 15 s). */
  sweepIntervalMs?: number;
  /** Pause before following the log again after its subscription ended, doubled per end (default 1 s). */
  resubscribeDelayMs?: number;
  /**
   * Scaled out, where no save of the embedded shop keeps its state: the store
   * its checkpoint (its position and what is unresolved) is kept in, read when a
   * term starts and written as it goes, so a new term follows the log from there
   * rather than from its start. Losing it costs a longer fold, never a message:
   * the notification streams say what was told.
   */
  checkpoint?: SnapshotStore | undefined;
}

/** The checkpoint's key in the snapshot store, and the version of the state it holds. */
export const NOTIFIER_CHECKPOINT = 'notifier-checkpoint';
const SAVED_NAME = 'notifier@1';

export interface Notifier
  extends SavableView, FoldsPassedPages, Pick<ResubscribingFollower, 'failure' | 'health'> {
  start(): Promise<void>;
  /** Stops following and acting; resolves once the sends under way have settled. */
  close(): Promise<void>;
  /** Runs what is due now (messages called for, retries, the daily summary) and waits for it. */
  sweep(): Promise<void>;
}

/** Ids of the notifier's commands: the same step of the same notification is the same command. */
const COMMAND_NAMESPACE = '5a0e7b3c-1d2f-4a6b-8c9d-3e4f5a6b7c8d';

/** Outcomes are recorded again after a store failure, this many times, after growing pauses. */
const RECORD_TRIES = 4;
const RECORD_PAUSE_MS = 500;

const sourceRefSchema = z.object({
  sourceId: z.string(),
  sourceStream: z.string(),
  sourceRevision: z.number().int(),
});
const requested = { request: notificationRequestedSchema, attempt: z.number().int() };
/** The state as capture() gives it, read back from a save (an edge: parsed, never trusted). */
const savedStateSchema: z.ZodType<NotifierState> = z.object({
  awaitingPayment: z.record(z.string(), sourceRefSchema),
  wanted: z.array(
    sourceRefSchema.extend({
      notificationId: z.string(),
      kind: z.enum(NOTIFICATION_KINDS),
      channel: z.enum(NOTIFICATION_CHANNELS),
      userId: z.string().nullable(),
      orderId: z.string().nullable(),
      calledAt: z.number(),
    }),
  ),
  notifications: z.record(
    z.string(),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('sending'), ...requested }),
      z.object({ status: z.literal('retrying'), retryAt: z.string(), ...requested }),
      z.object({ status: z.literal('failed'), interrupted: z.boolean(), ...requested }),
      z.object({ status: z.literal('retry_requested'), ...requested }),
    ]),
  ),
});

/**
 * What the admin reads of a failure: the server's word, never a stack, and
 * no address or number in it ('550 5.1.1 <ana@…>: mailbox unavailable'):
 * whom it was for is the account's to say, not the log's.
 */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[e-mail]')
    .replace(/\+\d{10,15}\b|\b\d{10,13}\b/g, '[telefone]');
}

/**
 * Notifications told at once, all lanes together: a burst of paid orders
 * spreads its e-mails over a few hundred milliseconds rather than taking the
 * shop's one thread from the answers and pushes it owes meanwhile (the bench's
 * approval push p99, 10 at once, went from 74 to 161 ms without it).
 */
export const MAX_TELLING_AT_ONCE = 4;

/** The messages of one order (or one account) are told one after another, in the order called for. */
const laneOf = (about: { orderId: string | null; userId: string | null }, id: string) =>
  about.orderId ?? about.userId ?? id;

const claimedElsewhere = (error: unknown) =>
  error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError;

export function createNotifier(options: NotifierOptions): Notifier {
  const { eventStore, logger, emailLinks } = options;
  const renderers = options.renderers ?? { email: renderEmail, sms: renderSms };
  const readers: FactsReaders = {
    stores: {
      eventStore,
      snapshotStore: options.snapshotStore ?? createMemorySnapshotStore(),
      logger,
    },
    shopSettings: options.shopSettings,
    schedule: options.schedule,
    publicUrl: options.publicUrl,
  };
  const now = options.now ?? Date.now;
  const sweepIntervalMs = options.sweepIntervalMs ?? 15_000;
  let state: NotifierState = initialNotifierState;
  let reached = 0;
  let live = false;
  let closed = false;
  let follower: ResubscribingFollower | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  /** Events too old to tell, seen since last logged. */
  let untold = 0;
  /** The day whose summary is claimed (by this process or another): not looked at again. */
  let summaryClaimedFor: string | null = null;
  const lanes = createKeyedQueue();
  const telling = boundedGate({ running: MAX_TELLING_AT_ONCE });
  /** Work under way, by notification id: never twice at once. */
  const running = new Map<string, Promise<void>>();

  const read = (recorded: RecordedEvent): NotifierEvent | null => {
    try {
      return parseEvent(notifierEventSchemas, recorded);
    } catch (error) {
      logger.error({ err: error, eventId: recorded.id }, 'notifier skipped an event');
      return null;
    }
  };

  const contextOf = (
    notificationId: string,
    step: string,
    about: { orderId: string | null; userId: string | null; sourceId: string },
  ): CommandContext => ({
    commandId: uuidv5(`${notificationId}:${step}`, COMMAND_NAMESPACE),
    correlationId: about.orderId ?? about.userId ?? about.sourceId,
    causationId: about.sourceId,
    actorId: SYSTEM_ACTOR,
    actorRole: 'system',
    occurredAt: new Date(now()).toISOString(),
  });

  const schedule = (id: string, lane: string, task: () => Promise<void>): Promise<void> => {
    const current = running.get(id);
    if (current) return current;
    if (closed) return Promise.resolve();
    const work = lanes
      .run(lane, () => telling(() => (closed ? Promise.resolve() : task())))
      .catch((error: unknown) => {
        // Tried again at the next sweep: a message still wanted, a retry still due.
        logger.error(
          { err: error, notificationId: id },
          'notifier: work failed; it will be retried',
        );
      })
      .finally(() => running.delete(id));
    running.set(id, work);
    return work;
  };

  /** The rendered message, handed to the mail server or the SMS provider; resolves with its id. */
  const deliver = async (
    delivery: Extract<Outgoing, { go: true }>['delivery'],
    shop: ShopFacts,
  ): Promise<string | undefined> => {
    if (delivery.channel === 'sms') {
      const text = renderers.sms(delivery.message, shop);
      return (await options.sms.send({ to: delivery.to, text })).messageId;
    }
    const unsubscribeFor = delivery.unsubscribeFor;
    const rendered = await renderers.email(
      delivery.message,
      shop,
      unsubscribeFor === null ? {} : { unsubscribe: emailLinks.unsubscribeLink(unsubscribeFor) },
    );
    const mail: Mail = {
      to: delivery.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      replyTo: shop.settings.email,
      ...(unsubscribeFor === null
        ? {}
        : {
            // RFC 8058: a mail client unsubscribes with one POST, no page in between.
            headers: {
              'List-Unsubscribe': `<${emailLinks.unsubscribeApiUrl(unsubscribeFor)}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }),
    };
    const sent = await options.mailer.send(mail);
    return sent ? sent.messageId : undefined;
  };

  /** An attempt's outcome (or its interruption), recorded again after a store failure. */
  const settle = async (
    request: NotificationRequest,
    command: NotificationCommand & { attempt: number },
  ) => {
    const context = contextOf(request.notificationId, `outcome-${command.attempt}`, request);
    for (let tries = 1; ; tries += 1) {
      try {
        const { appended } = await runNotificationCommand(
          eventStore,
          request.notificationId,
          command,
          context,
        );
        if (appended.length === 0) {
          logger.warn(
            {
              notificationId: request.notificationId,
              attempt: command.attempt,
              outcome: command.type,
            },
            'notifier: the attempt was settled already; its outcome is not recorded',
          );
        }
        return;
      } catch (error) {
        if (claimedElsewhere(error) || tries >= RECORD_TRIES || closed) {
          logger.error(
            { err: error, notificationId: request.notificationId, outcome: command.type },
            'notifier: an outcome could not be recorded',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RECORD_PAUSE_MS * 2 ** (tries - 1)));
      }
    }
  };

  /** One attempt, claimed already: send, then record how it went. */
  /** The attempt failed: tried again later when `retriable` (a server's refusal), else failed for good. */
  const fail = (
    request: NotificationRequest,
    number: number,
    error: string,
    { retriable }: { retriable: boolean },
  ) =>
    settle(request, {
      type: 'RecordFailure',
      attempt: number,
      error,
      now: new Date(now()).toISOString(),
      retriable,
    });

  const attempt = async (
    request: NotificationRequest,
    number: number,
    delivery: Extract<Outgoing, { go: true }>['delivery'],
    shop: ShopFacts,
  ): Promise<void> => {
    let providerMessageId: string | undefined;
    try {
      providerMessageId = await deliver(delivery, shop);
    } catch (error) {
      logger.warn(
        { err: error, notificationId: request.notificationId, attempt: number },
        'notifier: a send failed',
      );
      await fail(request, number, describeFailure(error), { retriable: true });
      return;
    }
    await settle(request, { type: 'RecordSent', attempt: number, providerMessageId });
  };

  const notTold = (subject: NotificationSubject & { notificationId: string }, reason: string) => {
    logger.info(
      {
        notificationId: subject.notificationId,
        kind: subject.kind,
        channel: subject.channel,
        reason,
      },
      'notifier: nothing sent',
    );
  };

  /** A message called for: checked on the facts, claimed, sent, recorded. */
  const tell = async (wanted: WantedNotification): Promise<void> => {
    const { notificationId } = wanted;
    if (!state.wanted.some((entry) => entry.notificationId === notificationId)) return;
    if (now() - wanted.calledAt > NOTIFICATION_MAX_SOURCE_AGE_MS) {
      state = withoutWanted(state, notificationId);
      untold += 1;
      return;
    }
    const facts = await readNotificationFacts(readers, wanted);
    const out = outgoing(wanted, facts, emailLinks);
    if (!out.go) {
      state = withoutWanted(state, notificationId);
      notTold(wanted, out.reason);
      return;
    }
    const request = await claim(
      {
        notificationId,
        kind: wanted.kind,
        channel: wanted.channel,
        sourceId: wanted.sourceId,
        sourceStream: wanted.sourceStream,
        sourceRevision: wanted.sourceRevision,
        userId: out.userId,
        orderId: out.orderId,
        orderNumber: out.orderNumber,
      },
      wanted,
    );
    state = withoutWanted(state, notificationId);
    if (request) await attempt(request, 1, out.delivery, facts.shop);
  };

  /** The first attempt's request, on a stream that must not exist; null when it did (claimed before). */
  const claim = async (
    request: Omit<NotificationRequest, 'attempt'>,
    about: { orderId: string | null; userId: string | null; sourceId: string },
  ): Promise<NotificationRequest | null> => {
    try {
      const claimed = await runNotificationCommand(
        eventStore,
        request.notificationId,
        { type: 'RequestNotification', request },
        contextOf(request.notificationId, 'request', about),
      );
      return claimed.appended.length === 0 ? null : { ...request, attempt: 1 };
    } catch (error) {
      if (claimedElsewhere(error)) return null;
      throw error;
    }
  };

  /** The next attempt of a notification whose pause is over (or that an admin asked again). */
  const retry = async (notificationId: string): Promise<void> => {
    const known = state.notifications[notificationId];
    if (!known) return;
    const { request } = known;
    let started: NotificationCommandResult;
    try {
      started = await runNotificationCommand(
        eventStore,
        notificationId,
        { type: 'StartAttempt', now: new Date(now()).toISOString() },
        contextOf(notificationId, `attempt-${known.attempt + 1}`, request),
      );
    } catch (error) {
      if (claimedElsewhere(error)) return;
      throw error;
    }
    if (started.appended.length === 0 || started.state.status !== 'sending') return;
    const number = started.state.attempt;
    try {
      const facts = await readNotificationFacts(readers, request);
      const out = outgoing(request, facts, emailLinks);
      if (!out.go) {
        notTold({ ...request }, out.reason);
        await fail(request, number, out.reason, { retriable: false });
        return;
      }
      await attempt(request, number, out.delivery, facts.shop);
    } catch (error) {
      await fail(request, number, describeFailure(error), { retriable: true });
    }
  };

  const interrupt = async (notification: UnsettledNotification): Promise<void> => {
    logger.warn(
      { notificationId: notification.request.notificationId, attempt: notification.attempt },
      'notifier: an attempt begun before this start has no outcome; marked interrupted, not sent again',
    );
    await settle(notification.request, { type: 'MarkInterrupted', attempt: notification.attempt });
  };

  /** Today's summary of tomorrow, once its hour came: claimed once whatever restarts. */
  const dailySummary = async (): Promise<void> => {
    const date = dailySummaryDue(new Date(now()), await options.shopSettings.current());
    if (date === null || summaryClaimedFor === date) return;
    const sourceId = dailySummarySourceId(date);
    const notificationId = notificationIdOf(sourceId, 'shop_daily_summary', 'email');
    await schedule(notificationId, 'daily-summary', async () => {
      if ((await readNotification(eventStore, notificationId)).revision >= 0) {
        summaryClaimedFor = date;
        return;
      }
      const subject: NotificationSubject = {
        kind: 'shop_daily_summary',
        channel: 'email',
        sourceId,
        sourceStream: null,
        sourceRevision: null,
        userId: null,
        orderId: null,
      };
      const facts = await readNotificationFacts(readers, subject);
      const out = outgoing(subject, facts, emailLinks);
      if (!out.go) {
        notTold({ ...subject, notificationId }, out.reason);
        return;
      }
      const request = await claim(
        { ...subject, notificationId, orderNumber: null },
        { orderId: null, userId: null, sourceId },
      );
      summaryClaimedFor = date;
      if (request) await attempt(request, 1, out.delivery, facts.shop);
    });
  };

  const logUntold = () => {
    if (untold === 0) return;
    logger.info(
      { count: untold, maxAgeMs: NOTIFICATION_MAX_SOURCE_AGE_MS },
      'notifier: events too old to tell were passed over',
    );
    untold = 0;
  };

  /** Schedules what is due now: the messages called for, in order, and the retries due. */
  const act = (): Promise<void>[] => {
    if (!live || closed) return [];
    const work = state.wanted.map((wanted) =>
      schedule(wanted.notificationId, laneOf(wanted, wanted.notificationId), () => tell(wanted)),
    );
    for (const due of attemptsDue(state, now())) {
      const { notificationId } = due.request;
      work.push(
        schedule(notificationId, laneOf(due.request, notificationId), () => retry(notificationId)),
      );
    }
    return work;
  };

  const sweep = async (): Promise<void> => {
    if (!live || closed) return;
    const summary = dailySummary().catch((error: unknown) => {
      logger.error({ err: error }, 'notifier: the daily summary failed; it will be tried again');
    });
    await Promise.all([...act(), summary]);
    logUntold();
  };

  const onEvent = (recorded: RecordedEvent): void => {
    reached = recorded.position;
    const event = read(recorded);
    if (!event) return;
    const before = state.wanted.length;
    state = evolveNotifier(state, event, recorded);
    if (!live && state.wanted.length > before) {
      // Catching up on a long log: what is too old to tell is passed over at once, not kept.
      const cutoff = now() - NOTIFICATION_MAX_SOURCE_AGE_MS;
      const fresh = state.wanted.filter((wanted) => wanted.calledAt >= cutoff);
      untold += state.wanted.length - fresh.length;
      if (fresh.length < state.wanted.length) state = { ...state, wanted: fresh };
    }
    void act();
  };
  const pass = (position: number): void => {
    reached = Math.max(reached, position);
  };

  const goLive = (): void => {
    live = true;
    for (const notification of attemptsUnderWay(state)) {
      const { notificationId } = notification.request;
      void schedule(notificationId, laneOf(notification.request, notificationId), () =>
        interrupt(notification),
      );
    }
    void sweep();
  };

  const capture = () => ({ position: reached, entries: [state] });
  function restore(position: number, entries: readonly unknown[]): void {
    const [saved] = entries;
    const parsed = savedStateSchema.safeParse(saved);
    if (!parsed.success) {
      logger.warn(
        { position },
        'notifier: its saved state is unreadable; the log is folded from its start',
      );
      return;
    }
    state = parsed.data;
    reached = position;
  }
  let checkpointed = 0;
  /** Writes the checkpoint when the notifier moved on since the last one (a failure is logged). */
  const keepCheckpoint = async (): Promise<void> => {
    if (!options.checkpoint || reached <= checkpointed) return;
    const position = reached;
    try {
      await options.checkpoint.write(NOTIFIER_CHECKPOINT, {
        version: SAVED_NAME,
        revision: position,
        position,
        state: JSON.parse(JSON.stringify(state)) as JsonValue,
      });
      checkpointed = position;
    } catch (error) {
      logger.warn({ err: error }, 'notifier: its checkpoint was not written; it will be again');
    }
  };

  return {
    savedName: SAVED_NAME,
    reached: () => reached,
    capture,
    restore,
    catchUp: (page) =>
      foldPage(page, { after: reached, filter: notifierFilter, onEvent, onPassed: pass }),
    failure: () => follower?.failure(),
    health: () => follower?.health() ?? { status: 'ok' },

    async start() {
      // A term of the scaled-out shop: from its checkpoint, unless a save was restored.
      if (options.checkpoint && reached === 0) {
        const saved = await options.checkpoint.read(NOTIFIER_CHECKPOINT);
        if (saved?.version === SAVED_NAME) restore(saved.position, [saved.state]);
      }
      // A subscription that ends is made again from `reached` (the last event applied).
      follower = followLogResubscribing(eventStore, {
        name: 'notifier',
        logger,
        resumeFrom: () => reached,
        ...(options.resubscribeDelayMs ? { retryDelayMs: options.resubscribeDelayMs } : {}),
        filter: notifierFilter,
        onEvent,
        onCaughtUp: (position) => {
          pass(position);
          if (!live && !closed) goLive();
        },
      });
      await follower.caughtUp;
      sweepTimer = setInterval(() => {
        void sweep();
        void keepCheckpoint();
      }, sweepIntervalMs);
      sweepTimer.unref();
    },

    async close() {
      closed = true;
      clearInterval(sweepTimer);
      await follower?.stop();
      await Promise.allSettled([...running.values()]);
      await keepCheckpoint();
    },

    sweep,
  };
}
