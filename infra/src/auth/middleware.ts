import type { Request, RequestHandler } from 'express';
import { accountMessages, type Role, type TokenClaims } from '@quitute/contracts';
import { AppError } from '../errors';
import type { TokenVerifier } from './tokens';

const authenticated = new WeakMap<Request, TokenClaims>();

function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The session version a user's tokens must carry at least, or null when no
 * active user has this id. Each service answers it from its own records:
 * command-api from the user's stream, query-api from the users read model.
 */
export type SessionVersionLookup = (userId: string) => Promise<number | null>;

/**
 * Requires a valid bearer token of a session that was not ended (a password
 * reset, a role change or a deletion ends older tokens); the claims are then
 * available through `currentUser(req)`. A token newer than the lookup's answer
 * is accepted: only command-api signs, from the user's stream, so that can only
 * be a read model that has not caught up yet.
 */
export function authenticate(
  tokens: TokenVerifier,
  sessionVersion: SessionVersionLookup,
): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('unauthorized', accountMessages.tokenMissing);
    const claims = tokens.verify(token);
    const current = await sessionVersion(claims.userId);
    if (current === null || claims.sessionVersion < current) {
      throw new AppError('unauthorized', accountMessages.tokenInvalid);
    }
    authenticated.set(req, claims);
    next();
  };
}

/** Requires `authenticate` first, then the role (admin routes). */
export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (currentUser(req).role !== role) throw new AppError('forbidden', accountMessages.forbidden);
    next();
  };
}

/** The caller's claims; only inside routes behind `authenticate`. */
export function currentUser(req: Request): TokenClaims {
  const claims = authenticated.get(req);
  if (!claims) throw new AppError('unauthorized', accountMessages.tokenMissing);
  return claims;
}
