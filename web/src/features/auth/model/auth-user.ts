import {
  DEFAULT_NOTIFICATIONS,
  ROLES,
  type NotificationPreferences,
  type Role,
} from '@quitute/contracts';
import { isRecord } from '../../../lib/is-record';
import type { AuthUser } from './auth-types';
import type { TokenClaims } from './token';

function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role === value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function readNotifications(value: unknown): NotificationPreferences | undefined {
  if (!isRecord(value)) return undefined;
  const { email, sms } = value;
  return typeof email === 'boolean' && typeof sms === 'boolean' ? { email, sms } : undefined;
}

/**
 * The user fields found in a login response, a profile response or the stored
 * user (spec §3): the login response says `userId`, the others `id`. Fields
 * that are missing or of the wrong type are left out.
 */
export function readUserFields(raw: unknown): Partial<AuthUser> {
  if (!isRecord(raw)) return {};
  const fields: Partial<AuthUser> = {};
  const id = nonEmpty(raw['id']) ?? nonEmpty(raw['userId']);
  const email = nonEmpty(raw['email']);
  const name = nonEmpty(raw['name']);
  if (id) fields.id = id;
  if (email) fields.email = email;
  if (name) fields.name = name;
  if (typeof raw['phone'] === 'string') fields.phone = raw['phone'];
  if (typeof raw['address'] === 'string') fields.address = raw['address'];
  const notifications = isRecord(raw['preferences'])
    ? readNotifications(raw['preferences']['notifications'])
    : undefined;
  if (notifications) fields.preferences = { notifications };
  if (isRole(raw['role'])) fields.role = raw['role'];
  return fields;
}

/**
 * A complete user: missing id, email, name or role fall back to the token's
 * claims (spec §3), the role defaults to 'user'. Without an id there is no
 * user at all.
 */
export function completeUser(fields: Partial<AuthUser>, claims: TokenClaims): AuthUser | null {
  const id = fields.id ?? claims.userId;
  if (!id) return null;
  return {
    id,
    email: fields.email ?? claims.email ?? '',
    name: fields.name ?? claims.name ?? '',
    phone: fields.phone ?? '',
    address: fields.address ?? '',
    preferences: fields.preferences ?? { notifications: { ...DEFAULT_NOTIFICATIONS } },
    role: fields.role ?? claims.role ?? 'user',
  };
}
