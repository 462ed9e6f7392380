import {
  accountEventSchemas,
  accountMessages,
  DEFAULT_NOTIFICATIONS,
  emailReservationEventSchemas,
  endSession,
  normalizeEmail,
  parseEvent,
  type AccountEvent,
  type EmailReservationEvent,
  type EndedSession,
  type NotificationPreferences,
  type Role,
  assertNever,
  notificationMessages,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { emailFingerprint } from '../notifications/links';
import type { Decider } from '../shared/decider';
import { reservationDecider, type ReservationEvents } from '../shared/reservations';

export interface ActiveUser {
  status: 'active';
  userId: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  notifications: NotificationPreferences;
  /**
   * Issue 41: the owner proved `email` is hers (its confirmation link, or a
   * password set through a link mailed to it). Only then does it receive
   * non-essential messages; a new address starts unconfirmed.
   */
  emailConfirmed: boolean;
  role: Role;
  /** Null for an account an administrator created, until its owner sets a password through the mailed link. */
  passwordHash: string | null;
  /**
   * Reset links mailed and not yet spent, oldest first, at most LIVE_RESET_LINKS: each
   * works until it expires or a password is set, so a request made by someone
   * else for this e-mail does not cancel the link its owner is about to open.
   */
  pendingResets: readonly ResetLink[];
  /**
   * Raised by a password change and a role change: tokens signed with a lower
   * version are refused, so those changes end the user's other sessions.
   */
  sessionVersion: number;
  /**
   * Sessions ended by 'Sair' (their tokens' `sid`), each until its token would
   * have expired anyway; a raised session version ends them all, so it empties
   * the list.
   */
  endedSessions: readonly EndedSession[];
}

export interface ResetLink {
  tokenHash: string;
  expiresAt: string;
}

/**
 * How many unspent reset links an account keeps: past it the oldest is dropped.
 * Every one was mailed to the account's owner, who so always holds the newest.
 */
export const LIVE_RESET_LINKS = 10;

export type UserState = { status: 'absent' } | ActiveUser | { status: 'deleted'; userId: string };

/** Hashes, ids and times arrive inside the command: `decide` stays pure (STYLE rule 5). */
export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      name: string;
      passwordHash: string;
      role: Role;
    }
  | {
      type: 'UpdateProfile';
      changes: {
        name?: string | undefined;
        phone?: string | undefined;
        address?: string | undefined;
      };
    }
  | { type: 'ChangePreferences'; notifications: NotificationPreferences }
  | {
      type: 'RequestPasswordReset';
      /** The e-mail the link was asked for and is mailed to. */
      email: string;
      tokenHash: string;
      expiresAt: string;
    }
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; now: string }
  /** The same password hashed with today's parameters; `previousHash` is the hash it was checked against. */
  | { type: 'RehashPassword'; previousHash: string; passwordHash: string }
  | { type: 'ChangeRole'; role: Role }
  /**
   * An administrator creates the account (admin-spec §2): without a password,
   * with a link to set one (the reset flow, valid longer).
   */
  | {
      type: 'InviteUser';
      userId: string;
      email: string;
      name: string;
      phone: string;
      address: string;
      role: Role;
      tokenHash: string;
      expiresAt: string;
    }
  /**
   * An administrator edits the account (admin-spec §5); `requestedBy` is that
   * administrator, who may not change their own role. A new e-mail must have
   * been reserved for this user first.
   */
  | {
      type: 'EditUser';
      requestedBy: string;
      name: string;
      email: string;
      phone: string;
      address: string;
      role: Role;
    }
  /** An administrator (`requestedBy`) deletes the account: never their own (admin-spec §5). */
  | { type: 'DeleteUser'; requestedBy: string }
  /** 'Sair': the session `sessionId` ends; its token would expire at `expiresAt`. */
  | { type: 'SignOut'; sessionId: string; expiresAt: string; now: string }
  /**
   * Issue 41: a valid (signed, unexpired) confirmation link was followed;
   * `emailFingerprint` is the address it was mailed to (emailFingerprint).
   */
  | { type: 'ConfirmEmail'; emailFingerprint: string }
  /** Issue 41: the owner asks for the confirmation link again ('Reenviar'). */
  | { type: 'RequestEmailConfirmation' }
  /** Issue 41: a valid one-click unsubscribe link was followed: e-mail notifications off. */
  | { type: 'UnsubscribeFromEmail' };

function activeOrThrow(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new AppError('not_found', accountMessages.userNotFound);
  return state;
}

const invalidResetLink = () => new AppError('validation', accountMessages.resetTokenInvalid);

/**
 * The user one of whose pending reset links has this hash and is still valid at
 * `now`; otherwise the link is refused. Cheap, so it runs before the new password is
 * hashed (an unknown link must not cost the server a KDF run).
 */
export function liveResetLink(state: UserState, tokenHash: string, now: string): ActiveUser {
  if (state.status !== 'active') throw invalidResetLink();
  const pending = state.pendingResets.find((link) => link.tokenHash === tokenHash);
  if (!pending) throw invalidResetLink();
  if (Date.parse(now) >= Date.parse(pending.expiresAt)) throw invalidResetLink();
  return state;
}

/**
 * The account a confirmation link for the address with this fingerprint
 * confirms: an account gone is an invalid link (400); one whose address changed
 * since the link was mailed is not confirmed by it (409). Cheap and pure: the
 * route runs it first to tell an already confirmed address from a new one.
 */
export function accountConfirmedBy(state: UserState, fingerprint: string): ActiveUser {
  if (state.status !== 'active') {
    throw new AppError('validation', notificationMessages.confirmationInvalid);
  }
  if (emailFingerprint(state.email) !== fingerprint) {
    throw new AppError('conflict', notificationMessages.confirmationStale);
  }
  return state;
}

/** The account a valid unsubscribe link names; an account gone makes the link invalid (400). */
export function accountUnsubscribedBy(state: UserState): ActiveUser {
  if (state.status !== 'active') {
    throw new AppError('validation', notificationMessages.unsubscribeInvalid);
  }
  return state;
}

export const userDecider: Decider<UserState, UserCommand, AccountEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, name, passwordHash, role } = event.data;
        return {
          status: 'active',
          userId,
          email,
          name,
          phone: '',
          address: '',
          notifications: { ...DEFAULT_NOTIFICATIONS },
          emailConfirmed: false,
          role,
          passwordHash,
          pendingResets: [],
          sessionVersion: 0,
          endedSessions: [],
        };
      }
      case 'UserProfileUpdated': {
        if (state.status !== 'active') return state;
        const { name, phone, address } = event.data;
        return { ...state, name, phone, address };
      }
      case 'UserPreferencesChanged':
        return state.status === 'active'
          ? { ...state, notifications: event.data.notifications }
          : state;
      case 'UserPasswordChanged':
        return state.status === 'active'
          ? {
              ...state,
              passwordHash: event.data.passwordHash,
              pendingResets: [],
              sessionVersion: state.sessionVersion + 1,
              endedSessions: [],
            }
          : state;
      case 'UserPasswordRehashed':
        return state.status === 'active'
          ? { ...state, passwordHash: event.data.passwordHash }
          : state;
      case 'PasswordResetRequested': {
        if (state.status !== 'active') return state;
        const { tokenHash, expiresAt } = event.data;
        const pendingResets = [...state.pendingResets, { tokenHash, expiresAt }];
        return { ...state, pendingResets: pendingResets.slice(-LIVE_RESET_LINKS) };
      }
      case 'PasswordResetCompleted':
        return state.status === 'active' ? { ...state, pendingResets: [] } : state;
      case 'UserRoleChanged':
        return state.status === 'active'
          ? {
              ...state,
              role: event.data.role,
              sessionVersion: state.sessionVersion + 1,
              endedSessions: [],
            }
          : state;
      case 'SignedOut':
        return state.status === 'active'
          ? { ...state, endedSessions: endSession(state.endedSessions, event.data) }
          : state;
      case 'UserDeleted':
        return { status: 'deleted', userId: event.data.userId };
      case 'UserInvited': {
        const { userId, email, name, phone, address, role } = event.data;
        return {
          status: 'active',
          userId,
          email,
          name,
          phone,
          address,
          notifications: { ...DEFAULT_NOTIFICATIONS },
          emailConfirmed: false,
          role,
          passwordHash: null,
          pendingResets: [],
          sessionVersion: 0,
          endedSessions: [],
        };
      }
      // A link mailed to the old address must not open the account at its new one,
      // and the new address is not hers until its own confirmation link is followed.
      case 'UserEmailChanged':
        return state.status === 'active'
          ? { ...state, email: event.data.email, pendingResets: [], emailConfirmed: false }
          : state;
      // Only the address it names: a confirmation of an address left since confirms nothing.
      case 'UserEmailConfirmed':
        return state.status === 'active' && state.email === event.data.email
          ? { ...state, emailConfirmed: true }
          : state;
      // The notifier mails the link; the account itself does not change.
      case 'EmailConfirmationRequested':
        return state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'absent') throw new AppError('conflict', accountMessages.emailTaken);
        const { userId, email, name, passwordHash, role } = command;
        return [{ type: 'UserRegistered', data: { userId, email, name, passwordHash, role } }];
      }
      case 'UpdateProfile': {
        const user = activeOrThrow(state);
        const next = {
          name: command.changes.name ?? user.name,
          phone: command.changes.phone ?? user.phone,
          address: command.changes.address ?? user.address,
        };
        if (next.name === user.name && next.phone === user.phone && next.address === user.address) {
          return [];
        }
        return [{ type: 'UserProfileUpdated', data: { userId: user.userId, ...next } }];
      }
      case 'ChangePreferences': {
        const user = activeOrThrow(state);
        const { email, sms } = command.notifications;
        if (user.notifications.email === email && user.notifications.sms === sms) return [];
        return [
          {
            type: 'UserPreferencesChanged',
            data: { userId: user.userId, notifications: { email, sms } },
          },
        ];
      }
      case 'RequestPasswordReset': {
        // Asked for by e-mail after the answer went out: an account deleted meanwhile has
        // nothing to mail, as one that moved to another e-mail.
        if (state.status !== 'active') return [];
        const user = state;
        // The account left that e-mail meanwhile: a link mailed there could open it
        // to whoever has the old mailbox now (perhaps why it was left).
        if (user.email !== normalizeEmail(command.email)) return [];
        const { tokenHash, expiresAt } = command;
        return [
          { type: 'PasswordResetRequested', data: { userId: user.userId, tokenHash, expiresAt } },
        ];
      }
      case 'CompletePasswordReset': {
        const user = liveResetLink(state, command.tokenHash, command.now);
        const events: AccountEvent[] = [
          {
            type: 'PasswordResetCompleted',
            data: { userId: user.userId, tokenHash: command.tokenHash },
          },
          {
            type: 'UserPasswordChanged',
            data: { userId: user.userId, passwordHash: command.passwordHash },
          },
        ];
        // The link was mailed to the account's address (a change of address drops the
        // pending ones): following it proves the address as a confirmation link does.
        if (!user.emailConfirmed) {
          events.push({
            type: 'UserEmailConfirmed',
            data: { userId: user.userId, email: user.email },
          });
        }
        return events;
      }
      case 'RehashPassword': {
        const user = activeOrThrow(state);
        // Changed meanwhile (a reset): the newer password stands.
        if (user.passwordHash !== command.previousHash) return [];
        return [
          {
            type: 'UserPasswordRehashed',
            data: { userId: user.userId, passwordHash: command.passwordHash },
          },
        ];
      }
      case 'ChangeRole': {
        const user = activeOrThrow(state);
        if (user.role === command.role) return [];
        return [{ type: 'UserRoleChanged', data: { userId: user.userId, role: command.role } }];
      }
      case 'InviteUser': {
        if (state.status !== 'absent') throw new AppError('conflict', accountMessages.emailTaken);
        const { userId, email, name, phone, address, role, tokenHash, expiresAt } = command;
        return [
          { type: 'UserInvited', data: { userId, email, name, phone, address, role } },
          { type: 'PasswordResetRequested', data: { userId, tokenHash, expiresAt } },
        ];
      }
      case 'EditUser': {
        const user = activeOrThrow(state);
        const { userId } = user;
        if (command.requestedBy === userId && command.role !== user.role) {
          throw new AppError('conflict', accountMessages.ownRoleChange);
        }
        const events: AccountEvent[] = [];
        const { name, phone, address } = command;
        if (name !== user.name || phone !== user.phone || address !== user.address) {
          events.push({ type: 'UserProfileUpdated', data: { userId, name, phone, address } });
        }
        if (command.email !== user.email) {
          events.push({
            type: 'UserEmailChanged',
            data: { userId, email: command.email, previousEmail: user.email },
          });
        }
        if (command.role !== user.role) {
          events.push({ type: 'UserRoleChanged', data: { userId, role: command.role } });
        }
        return events;
      }
      case 'DeleteUser': {
        const user = activeOrThrow(state);
        if (command.requestedBy === user.userId) {
          throw new AppError('conflict', accountMessages.ownAccountDeletion);
        }
        return [{ type: 'UserDeleted', data: { userId: user.userId } }];
      }
      case 'SignOut': {
        const user = activeOrThrow(state);
        const { sessionId, expiresAt, now } = command;
        // Already ended (a second click, a retry), or its token has expired: nothing to end.
        if (user.endedSessions.some((session) => session.sessionId === sessionId)) return [];
        if (Date.parse(expiresAt) <= Date.parse(now)) return [];
        return [
          {
            type: 'SignedOut',
            data: { userId: user.userId, sessionId, expiresAt, signedOutAt: now },
          },
        ];
      }
      case 'ConfirmEmail': {
        const user = accountConfirmedBy(state, command.emailFingerprint);
        if (user.emailConfirmed) return [];
        return [{ type: 'UserEmailConfirmed', data: { userId: user.userId, email: user.email } }];
      }
      case 'RequestEmailConfirmation': {
        const user = activeOrThrow(state);
        if (user.emailConfirmed) return [];
        return [
          { type: 'EmailConfirmationRequested', data: { userId: user.userId, email: user.email } },
        ];
      }
      case 'UnsubscribeFromEmail': {
        const user = accountUnsubscribedBy(state);
        if (!user.notifications.email) return [];
        return [
          {
            type: 'UserPreferencesChanged',
            data: {
              userId: user.userId,
              notifications: { email: false, sms: user.notifications.sms },
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseAccountEvent(recorded: RecordedEvent): AccountEvent | null {
  return parseEvent(accountEventSchemas, recorded);
}

/**
 * `user-email-<hash>`: one account per e-mail. Reserved before the account
 * takes the address (register, an administrator's invitation or e-mail
 * change), released once it has it no more (e-mail changed, account deleted).
 */
export const emailReservationEvents: ReservationEvents<EmailReservationEvent> = {
  reserved: (email, userId) => ({ type: 'EmailReserved', data: { email, userId } }),
  released: (email, userId) => ({ type: 'EmailReleased', data: { email, userId } }),
  read: (event) => ({
    kind: event.type === 'EmailReserved' ? 'reserved' : 'released',
    holderId: event.data.userId,
  }),
  takenMessage: accountMessages.emailTaken,
};

export const emailReservationDecider = reservationDecider(emailReservationEvents);

export function parseReservationEvent(recorded: RecordedEvent): EmailReservationEvent | null {
  return parseEvent(emailReservationEventSchemas, recorded);
}
