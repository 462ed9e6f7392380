import { z } from 'zod';
import { ROLES } from './constants';
import { notificationPreferencesSchema } from './events';

/** The users read model (collection users_v2): profiles and, later, the admin's user list. Never a password hash. */
export const userDocumentSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  notifications: notificationPreferencesSchema,
  /** Issue 41: whether `email` is confirmed (absent on documents built before: not confirmed). */
  emailConfirmed: z.boolean().optional(),
  role: z.enum(ROLES),
  isDeleted: z.boolean(),
  /** Tokens carrying an older session version are refused (password reset, role change). */
  sessionVersion: z.number().int().nonnegative(),
  /** Sessions ended by 'Sair', until their tokens expire; none until a first sign-out. */
  endedSessions: z.array(z.object({ sessionId: z.string(), expiresAt: z.string() })).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;
