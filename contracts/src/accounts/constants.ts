/** Account rules and limits (spec §5, §9). */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const RESET_PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const ADDRESS_MIN_LENGTH = 5;
/** An optional leading plus and 10 to 15 digits. */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;
/** Letters (any script, accents included) and spaces. */
export const NAME_PATTERN = /^[\p{L}\s]+$/u;
/** A pragmatic address check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 300;
/** Passwords longer than this are refused before hashing (a KDF on megabytes is a DoS). */
export const PASSWORD_MAX_LENGTH = 128;

/** A stored token shorter than this is discarded at session start (spec §4, §9). */
export const TOKEN_MIN_LENGTH = 20;
/** A password-reset link is valid this long, once (spec §9). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** A new account gets e-mail notifications, not SMS (the customer opts in to SMS). */
export const DEFAULT_NOTIFICATIONS: Readonly<{ email: boolean; sms: boolean }> = {
  email: true,
  sms: false,
};

/** v2: documents carry the session version, so v1 documents are rebuilt rather than read without it. */
export const USERS_COLLECTION = 'users_v2';
export const USERS_PROJECTION = 'users_v2';

/** Angle brackets are stripped from name and e-mail (spec §5). */
export function stripAngleBrackets(text: string): string {
  return text.replace(/[<>]/g, '');
}

/** The one spelling of an e-mail the shop compares and stores. */
export function normalizeEmail(email: string): string {
  return stripAngleBrackets(email).trim().toLowerCase();
}
