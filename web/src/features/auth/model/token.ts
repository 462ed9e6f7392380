import { ROLES, TOKEN_MIN_LENGTH, type Role } from '@quitute/contracts';
import { isRecord } from '../../../lib/is-record';

/** The claims the session reads from the token (spec §3); any of them may be missing. */
export interface TokenClaims {
  userId?: string;
  email?: string;
  name?: string;
  role?: Role;
  /** Seconds since the epoch. */
  exp?: number;
}

function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role === value);
}

/** The JSON payload of a JWT (base64url, UTF-8), without checking its signature: only the server can. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isRecord(payload) ? payload : null;
  } catch {
    return null;
  }
}

export function readTokenClaims(token: string): TokenClaims {
  const payload = decodeTokenPayload(token);
  if (!payload) return {};
  const claims: TokenClaims = {};
  const { userId, email, name, role, exp } = payload;
  if (typeof userId === 'string' && userId) claims.userId = userId;
  if (typeof email === 'string' && email) claims.email = email;
  if (typeof name === 'string' && name) claims.name = name;
  if (isRole(role)) claims.role = role;
  if (typeof exp === 'number' && Number.isFinite(exp)) claims.exp = exp;
  return claims;
}

/**
 * Session start (spec §4): a stored token is kept only if it is a string of at
 * least 20 characters whose `exp` (seconds) is still in the future. A token
 * that cannot be decoded has no readable `exp`, so it is not kept either.
 */
export function isTokenUsable(token: unknown, nowMs: number): token is string {
  if (typeof token !== 'string' || token.length < TOKEN_MIN_LENGTH) return false;
  const { exp } = readTokenClaims(token);
  return exp !== undefined && exp * 1000 > nowMs;
}
