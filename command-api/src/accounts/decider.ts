import {
  accountEventSchemas,
  accountMessages,
  DEFAULT_NOTIFICATIONS,
  emailReservationEventSchemas,
  parseEvent,
  type AccountEvent,
  type EmailReservationEvent,
  type NotificationPreferences,
  type Role,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

export interface ActiveUser {
  status: 'active';
  userId: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  notifications: NotificationPreferences;
  role: Role;
  passwordHash: string;
  /** Only the newest reset link works, once, until it expires. */
  pendingReset: { tokenHash: string; expiresAt: string } | null;
  /**
   * Raised by a password change and a role change: tokens signed with a lower
   * version are refused, so those changes end the user's other sessions.
   */
  sessionVersion: number;
}

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
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; now: string }
  /** The same password hashed with today's parameters; `previousHash` is the hash it was checked against. */
  | { type: 'RehashPassword'; previousHash: string; passwordHash: string }
  | { type: 'ChangeRole'; role: Role }
  | { type: 'DeleteUser' };

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

function activeOrThrow(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new AppError('not_found', accountMessages.userNotFound);
  return state;
}

const invalidResetLink = () => new AppError('validation', accountMessages.resetTokenInvalid);

/**
 * The user whose pending reset link has this hash and is still valid at `now`;
 * otherwise the link is refused. Cheap, so it runs before the new password is
 * hashed (an unknown link must not cost the server a KDF run).
 */
export function liveResetLink(state: UserState, tokenHash: string, now: string): ActiveUser {
  if (state.status !== 'active') throw invalidResetLink();
  const pending = state.pendingReset;
  if (!pending || pending.tokenHash !== tokenHash) throw invalidResetLink();
  if (Date.parse(now) >= Date.parse(pending.expiresAt)) throw invalidResetLink();
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
          role,
          passwordHash,
          pendingReset: null,
          sessionVersion: 0,
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
              pendingReset: null,
              sessionVersion: state.sessionVersion + 1,
            }
          : state;
      case 'UserPasswordRehashed':
        return state.status === 'active'
          ? { ...state, passwordHash: event.data.passwordHash }
          : state;
      case 'PasswordResetRequested': {
        if (state.status !== 'active') return state;
        const { tokenHash, expiresAt } = event.data;
        return { ...state, pendingReset: { tokenHash, expiresAt } };
      }
      case 'PasswordResetCompleted':
        return state.status === 'active' ? { ...state, pendingReset: null } : state;
      case 'UserRoleChanged':
        return state.status === 'active'
          ? { ...state, role: event.data.role, sessionVersion: state.sessionVersion + 1 }
          : state;
      case 'UserDeleted':
        return { status: 'deleted', userId: event.data.userId };
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
        const user = activeOrThrow(state);
        const { tokenHash, expiresAt } = command;
        return [
          { type: 'PasswordResetRequested', data: { userId: user.userId, tokenHash, expiresAt } },
        ];
      }
      case 'CompletePasswordReset': {
        const user = liveResetLink(state, command.tokenHash, command.now);
        return [
          {
            type: 'PasswordResetCompleted',
            data: { userId: user.userId, tokenHash: command.tokenHash },
          },
          {
            type: 'UserPasswordChanged',
            data: { userId: user.userId, passwordHash: command.passwordHash },
          },
        ];
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
      case 'DeleteUser': {
        const user = activeOrThrow(state);
        return [{ type: 'UserDeleted', data: { userId: user.userId } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseAccountEvent(recorded: RecordedEvent): AccountEvent | null {
  return parseEvent(accountEventSchemas, recorded.type, recorded.data);
}

export type ReservationState =
  { status: 'free' } | { status: 'reserved'; email: string; userId: string };

/** `user-email-<hash>`: the first registration of an e-mail wins (appended with no_stream). */
export const emailReservationDecider: Decider<
  ReservationState,
  { type: 'ReserveEmail'; email: string; userId: string },
  EmailReservationEvent
> = {
  initialState: { status: 'free' },
  evolve(_state, event) {
    return { status: 'reserved', email: event.data.email, userId: event.data.userId };
  },
  decide(command, state) {
    if (state.status === 'reserved') throw new AppError('conflict', accountMessages.emailTaken);
    return [{ type: 'EmailReserved', data: { email: command.email, userId: command.userId } }];
  },
};

export function parseReservationEvent(recorded: RecordedEvent): EmailReservationEvent | null {
  return parseEvent(emailReservationEventSchemas, recorded.type, recorded.data);
}
