import { z } from 'zod';
import { notificationPreferencesSchema, ROLES } from '@quitute/contracts';
import type { SnapshotPolicy } from '../shared/snapshots';
import type { UserState } from './decider';

const userStateSchema: z.ZodType<UserState> = z.discriminatedUnion('status', [
  z.object({ status: z.literal('absent') }),
  z.object({
    status: z.literal('active'),
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    notifications: notificationPreferencesSchema,
    emailConfirmed: z.boolean(),
    role: z.enum(ROLES),
    passwordHash: z.string().nullable(),
    pendingResets: z.array(z.object({ tokenHash: z.string(), expiresAt: z.string() })),
    sessionVersion: z.number().int(),
    // Snapshots taken before 'Sair' ended sessions on the server have none.
    endedSessions: z.array(z.object({ sessionId: z.string(), expiresAt: z.string() })).default([]),
  }),
  z.object({ status: z.literal('deleted'), userId: z.string() }),
]);

/**
 * `user-<id>` streams grow with every preference toggle and reset request; a
 * snapshot every 100 events bounds what a command, a login or a reset reads.
 */
export const userSnapshotPolicy: SnapshotPolicy<UserState> = {
  // user-2: states hold whether the e-mail is confirmed (issue 41); older ones are folded again.
  version: 'user-2',
  schema: userStateSchema,
  every: 100,
};
