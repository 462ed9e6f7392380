import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { ROLES } from './constants';
export { DEFAULT_NOTIFICATIONS } from './constants';

/**
 * Account events, stream `user-<userId>`, plus the e-mail reservation stream
 * `user-email-<sha-256 of the normalised e-mail>` appended with `no_stream`
 * (ARCHITECTURE §2) so one e-mail can belong to one account only.
 * Passwords appear only as KDF hashes; reset tokens only as SHA-256 hashes.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

export const notificationPreferencesSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const userId = z.uuid();

export const emailReservedSchema = z.object({ email: z.string().min(3), userId });

export const userRegisteredSchema = z.object({
  userId,
  email: z.string().min(3),
  name: z.string().min(1),
  passwordHash: z.string().min(1),
  role: z.enum(ROLES),
});
export const userProfileUpdatedSchema = z.object({
  userId,
  name: z.string().min(1),
  phone: z.string(),
  address: z.string(),
});
export const userPreferencesChangedSchema = z.object({
  userId,
  notifications: notificationPreferencesSchema,
});
export const userPasswordChangedSchema = z.object({ userId, passwordHash: z.string().min(1) });
/**
 * The same password, hashed again with today's KDF parameters on a successful
 * login. Unlike UserPasswordChanged it does not end the user's sessions.
 */
export const userPasswordRehashedSchema = z.object({ userId, passwordHash: z.string().min(1) });
export const passwordResetRequestedSchema = z.object({
  userId,
  tokenHash: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
});
export const passwordResetCompletedSchema = z.object({ userId, tokenHash: z.string().min(1) });
export const userRoleChangedSchema = z.object({ userId, role: z.enum(ROLES) });
export const userDeletedSchema = z.object({ userId });
/**
 * An admin created the account (admin-spec §2 users page): it has no password
 * until its owner sets one through the link mailed with it (a
 * PasswordResetRequested of longer validity follows in the same append).
 */
export const userInvitedSchema = z.object({
  userId,
  email: z.string().min(3),
  name: z.string().min(1),
  phone: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
});
/** An admin changed the account's e-mail; the new one was reserved first, the old one released after. */
export const userEmailChangedSchema = z.object({
  userId,
  email: z.string().min(3),
  previousEmail: z.string().min(3),
});
/**
 * The user pressed 'Sair': that one session (the token's `sid`) ends, the
 * others (her phone, another browser) go on. Kept until `expiresAt`, when its
 * token would have expired anyway; `signedOutAt` lets a fold drop the ended
 * sessions whose tokens have expired since, so a user's state stays small.
 */
export const signedOutSchema = z.object({
  userId,
  sessionId: z.string().min(1).max(64),
  expiresAt: z.iso.datetime({ offset: true }),
  signedOutAt: z.iso.datetime({ offset: true }),
});
/**
 * Issue 41: the owner asked for the confirmation link again ('Reenviar'); the
 * notifier mails it to `email`, the account's address when she asked.
 * (Registration, an invitation and an e-mail change send one on their own.)
 */
export const emailConfirmationRequestedSchema = z.object({ userId, email: z.string().min(3) });
/**
 * Issue 41: the account's address is hers: she followed the link mailed to
 * it (or set her password through one, which proves the same). Only a
 * confirmed address receives non-essential messages; a change of address
 * makes the new one unconfirmed until its own link is followed.
 */
export const userEmailConfirmedSchema = z.object({ userId, email: z.string().min(3) });
/** The e-mail left its account (changed or account deleted): it may be registered again. */
export const emailReleasedSchema = z.object({ email: z.string().min(3), userId });

export const emailReservationEventSchemas = {
  EmailReserved: emailReservedSchema,
  EmailReleased: emailReleasedSchema,
} as const;
export type EmailReservationEvent = EventOf<typeof emailReservationEventSchemas>;

export const accountEventSchemas = {
  UserRegistered: userRegisteredSchema,
  UserProfileUpdated: userProfileUpdatedSchema,
  UserPreferencesChanged: userPreferencesChangedSchema,
  UserPasswordChanged: userPasswordChangedSchema,
  PasswordResetRequested: passwordResetRequestedSchema,
  PasswordResetCompleted: passwordResetCompletedSchema,
  UserRoleChanged: userRoleChangedSchema,
  UserDeleted: userDeletedSchema,
  UserPasswordRehashed: userPasswordRehashedSchema,
  UserInvited: userInvitedSchema,
  UserEmailChanged: userEmailChangedSchema,
  SignedOut: signedOutSchema,
  EmailConfirmationRequested: emailConfirmationRequestedSchema,
  UserEmailConfirmed: userEmailConfirmedSchema,
} as const;
export type AccountEvent = EventOf<typeof accountEventSchemas>;

/** A session 'Sair' ended, remembered until its token would have expired anyway. */
export interface EndedSession {
  sessionId: string;
  expiresAt: string;
}

/**
 * The ended sessions after one more sign-out: those whose tokens have expired by
 * then are dropped (a token past its `exp` is refused on its own), the new one
 * added once. The command side's state and the users read model fold it alike.
 */
export function endSession(
  ended: readonly EndedSession[],
  signedOut: z.infer<typeof signedOutSchema>,
): EndedSession[] {
  const at = Date.parse(signedOut.signedOutAt);
  const live = ended.filter(
    (session) => Date.parse(session.expiresAt) > at && session.sessionId !== signedOut.sessionId,
  );
  return [...live, { sessionId: signedOut.sessionId, expiresAt: signedOut.expiresAt }];
}

export function userStreamName(id: string): string {
  return `user-${id}`;
}
