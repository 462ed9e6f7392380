import { DEFAULT_NOTIFICATIONS } from './constants';
import { endSession, type AccountEvent } from './events';
import type { UserDocument } from './read-model';
import type { LoggedEvent } from '../shared/events';

/**
 * A user's profile document (users_v2) after one more event: the users
 * projection's evolve, here so that the auditors' history names people as the
 * read model does. The password hash stays in the events.
 */
export function evolveUserDocument(
  document: UserDocument | null,
  event: AccountEvent,
  recorded: Pick<LoggedEvent, 'metadata'>,
): UserDocument | null {
  const at = recorded.metadata.occurredAt;
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, name, role } = event.data;
      return {
        _id: userId,
        email,
        name,
        phone: '',
        address: '',
        notifications: { ...DEFAULT_NOTIFICATIONS },
        emailConfirmed: false,
        role,
        isDeleted: false,
        sessionVersion: 0,
        createdAt: at,
        updatedAt: at,
      };
    }
    // An account an admin created is listed like a registered one; its password comes later.
    case 'UserInvited': {
      const { userId, email, name, phone, address, role } = event.data;
      return {
        _id: userId,
        email,
        name,
        phone,
        address,
        notifications: { ...DEFAULT_NOTIFICATIONS },
        emailConfirmed: false,
        role,
        isDeleted: false,
        sessionVersion: 0,
        createdAt: at,
        updatedAt: at,
      };
    }
    // The new address is not confirmed until its own link is followed (issue 41).
    case 'UserEmailChanged':
      return (
        document && { ...document, email: event.data.email, emailConfirmed: false, updatedAt: at }
      );
    case 'UserEmailConfirmed':
      return document && event.data.email === document.email
        ? { ...document, emailConfirmed: true, updatedAt: at }
        : document;
    case 'EmailConfirmationRequested':
      return document;
    case 'UserProfileUpdated': {
      const { name, phone, address } = event.data;
      return document && { ...document, name, phone, address, updatedAt: at };
    }
    case 'UserPreferencesChanged':
      return document && { ...document, notifications: event.data.notifications, updatedAt: at };
    // Both end the user's sessions, as in the decider (query-api refuses older tokens).
    case 'UserRoleChanged':
      return (
        document && {
          ...document,
          role: event.data.role,
          sessionVersion: document.sessionVersion + 1,
          endedSessions: [],
          updatedAt: at,
        }
      );
    case 'UserPasswordChanged':
      return (
        document && { ...document, sessionVersion: document.sessionVersion + 1, endedSessions: [] }
      );
    // One session ends (query-api refuses its token); the profile is unchanged.
    case 'SignedOut':
      return (
        document && {
          ...document,
          endedSessions: endSession(document.endedSessions ?? [], event.data),
        }
      );
    case 'UserDeleted':
      return document && { ...document, isDeleted: true, updatedAt: at };
    case 'UserPasswordRehashed':
    case 'PasswordResetRequested':
    case 'PasswordResetCompleted':
      return document;
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}
