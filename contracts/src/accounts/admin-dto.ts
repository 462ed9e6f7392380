import { z } from 'zod';
import {
  adminMessages as m,
  adminPageAnswer,
  adminPageFields,
  adminSearchField,
  blankAsMissing,
  positionField,
} from '../shared/admin';
import { messages } from '../shared/messages';
import { ROLES } from './constants';
import { addressField, emailField, nameField, phoneField } from './dto';
import { notificationPreferencesSchema } from './events';
import { accountMessages } from './messages';

/** The admin's users (admin-spec §3, §5, §7): the user form, the list and its stats. */

/** A password-set link mailed with an account an administrator created stays valid this long, once. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST /api/admin/users and PUT /api/admin/users/{id} (admin-spec §5): name and
 * e-mail required, by the register rules; phone and address optional ('' clears
 * them), role user or admin. Left out of a POST, phone and address are '' and
 * the role is user; left out of a PUT, they stay. There is no password: the
 * new user sets one through the link mailed to them.
 */
export const adminUserBodySchema = z.strictObject({
  name: nameField,
  email: emailField(accountMessages.emailRequired, accountMessages.emailInvalid),
  phone: phoneField.optional(),
  address: addressField.optional(),
  role: z.enum(ROLES, { error: m.roleInvalid }).optional(),
});
export type AdminUserBody = z.infer<typeof adminUserBodySchema>;
export type AdminUserInput = z.input<typeof adminUserBodySchema>;

/** A user as a user command leaves them (admin-spec §3). */
export const adminUserResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
});
export type AdminUserResult = z.infer<typeof adminUserResultSchema>;

/** GET /api/admin/users: `search` matches name or e-mail. */
export const adminUsersQuerySchema = z.object({
  ...adminPageFields,
  search: adminSearchField,
  role: z.preprocess(
    (value) => (blankAsMissing(value) === 'all' ? undefined : blankAsMissing(value)),
    z.enum(ROLES, messages.invalidSearch).optional(),
  ),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A user on the admin pages (admin-spec §3); `createdAt` an ISO time. */
export const adminUserDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  preferences: z.object({ notifications: notificationPreferencesSchema }),
});
export type AdminUserDto = z.infer<typeof adminUserDtoSchema>;

/** Newest first; deleted users are not listed. */
export const adminUserListSchema = z.object({
  users: z.array(adminUserDtoSchema),
  ...adminPageAnswer,
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** GET /api/admin/users/stats: accounts not deleted. */
export const userStatsSchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  totalAdmins: z.number().int().nonnegative(),
  totalClients: z.number().int().nonnegative(),
  position: positionField,
});
export type UserStats = z.infer<typeof userStatsSchema>;
