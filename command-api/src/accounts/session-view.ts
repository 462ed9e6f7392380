import { userStreamName } from '@quitute/contracts';
import type { SessionVersionLookup } from '@quitute/infra/auth';
import {
  followLog,
  foldPage,
  type FoldsPassedPages,
  type RecordedEvent,
  type Subscription,
} from '@quitute/infra/event-store';
import type { SavableView } from '@quitute/infra/saved-state';
import type { CommandStores } from '../shared/handle-command';
import { loadUser, sessionVersionsFromStreams, userSessions } from './accounts';
import { parseAccountEvent, userDecider, type UserState } from './decider';

/**
 * The session version of every user, folded in memory from the `user-` streams
 * (the command side's own view, ARCHITECTURE §4), so that checking a token
 * costs no store read. Without it every authenticated command read the user's
 * stream first: a query per request, the largest cost of adding to a cart.
 *
 * How fresh an answer is:
 * - A user command of this process (a reset, a role change, a deletion) is
 *   reported through `wrote`; until the view has applied that position the
 *   user's tokens are checked against the stream itself, so this instance ends
 *   older sessions at once, as before.
 * - Another instance's change is seen when the subscription delivers it: woken
 *   by the store's NOTIFY, normally within milliseconds; should a notification
 *   be lost without the connection reporting it, at worst the store's safety
 *   poll (5 s).
 * - While the subscription is not live (starting, retrying after a store
 *   failure, or stopped) and for a user the view has not seen yet (registered
 *   on another instance a moment ago), the stream is read as before.
 */
export interface SessionView extends SavableView, FoldsPassedPages {
  /** Subscribes from the start of the log (or from where restore put it); resolves once caught up with it. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The lookup `authenticate` asks. */
  lookup: SessionVersionLookup;
  /**
   * The user's state as fresh as `lookup` answers (the checkout reads the
   * account's e-mail here, without a store read once the view is live).
   */
  userState: (userId: string) => Promise<UserState>;
  /** This process appended to the user's stream at `position`. */
  wrote: (userId: string, position: number) => void;
}

interface Known {
  state: UserState;
  revision: number;
}

const USER_STREAM_PREFIX = userStreamName('');

export function createSessionView(stores: CommandStores): SessionView {
  const { eventStore, logger } = stores;
  const fromStreams = sessionVersionsFromStreams(stores);
  const users = new Map<string, Known | 'unreadable'>();
  /** Own writes the view has not applied yet: those users are looked up in their stream. */
  const pending = new Map<string, number>();
  let reached = 0;
  let live = false;
  let subscription: Subscription | undefined;

  const advance = (position: number): void => {
    if (position <= reached) return;
    reached = position;
    for (const [userId, wrote] of pending) if (wrote <= reached) pending.delete(userId);
  };

  const apply = (recorded: RecordedEvent): void => {
    const userId = recorded.streamName.slice(USER_STREAM_PREFIX.length);
    const known = users.get(userId);
    if (known === 'unreadable' || (known && known.revision >= recorded.revision)) return;
    let event;
    try {
      event = parseAccountEvent(recorded);
    } catch (error) {
      // That user's tokens are checked against the stream from now on (it says what is right).
      logger.warn({ err: error, eventId: recorded.id }, 'session view skipped an event');
      users.set(userId, 'unreadable');
      return;
    }
    // Not an account event: the e-mail reservations (`user-email-…`) share the prefix.
    if (!event) return;
    const state = userDecider.evolve(known?.state ?? userDecider.initialState, event);
    users.set(userId, { state, revision: recorded.revision });
  };

  const filter = { streamNamePrefixes: [USER_STREAM_PREFIX] };
  const onEvent = (event: RecordedEvent): void => {
    apply(event);
    advance(event.position);
  };

  return {
    // @2: users' states hold a list of reset links (pendingResets), no longer one.
    // @3: and the sessions 'Sair' ended (endedSessions).
    // @4: and whether the e-mail is confirmed (emailConfirmed, issue 41).
    savedName: 'sessions@4',
    reached: () => reached,
    capture: () => ({ position: reached, entries: [...users] }),
    restore(position, entries) {
      // Entries as capture made them: [userId, Known | 'unreadable'].
      for (const entry of entries) users.set(...(entry as [string, Known | 'unreadable']));
      reached = position;
    },

    catchUp: (page) => foldPage(page, { after: reached, filter, onEvent, onPassed: advance }),

    start() {
      const followed = followLog(eventStore, {
        fromPosition: reached,
        filter,
        onEvent,
        onCaughtUp: (position) => {
          advance(position);
          live = true;
        },
        onRetry: () => {
          live = false;
        },
        onError: (error) => {
          live = false;
          logger.warn({ err: error }, 'session view stopped: tokens are checked on the streams');
        },
      });
      subscription = followed.subscription;
      return followed.caughtUp;
    },

    async stop() {
      live = false;
      await subscription?.stop();
      subscription = undefined;
    },

    lookup: async (userId) => {
      const known = users.get(userId);
      if (!live || !known || known === 'unreadable' || pending.has(userId)) {
        return fromStreams(userId);
      }
      return known.state.status === 'active' ? userSessions(known.state) : null;
    },

    userState: async (userId) => {
      const known = users.get(userId);
      if (!live || !known || known === 'unreadable' || pending.has(userId)) {
        return (await loadUser(stores, userId)).state;
      }
      return known.state;
    },

    wrote: (userId, position) => {
      if (position > reached) pending.set(userId, Math.max(position, pending.get(userId) ?? 0));
    },
  };
}
