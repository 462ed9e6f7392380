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

/** What a service knows of a user's sessions. */
export interface UserSessions {
  /** Tokens signed with a lower version are refused (a password reset, a role change). */
  sessionVersion: number;
  /** The `sid`s of sessions ended by 'Sair', kept until their tokens would have expired. */
  endedSessionIds: readonly string[];
}

/**
 * A user's sessions, or null when no active user has this id. Each service
 * answers it from its own records: command-api from the user's stream,
 * query-api from the users read model.
 */
export type SessionVersionLookup = (userId: string) => Promise<UserSessions | null>;

/**
 * Why a token's session is closed, as its 401 says it, or null while it is
 * open: its user gone or its version older than the user's (a password reset, a
 * role change) is an invalid token; its `sid` ended by 'Sair' is answered like
 * an expired one. A token without `sid`, signed before sessions had ids, ends
 * only when it expires. The one check every service makes.
 */
export function closedSessionMessage(
  claims: Pick<TokenClaims, 'sessionVersion' | 'sid'>,
  sessions: UserSessions | null,
): string | null {
  if (sessions === null || claims.sessionVersion < sessions.sessionVersion) {
    return accountMessages.tokenInvalid;
  }
  if (claims.sid !== undefined && sessions.endedSessionIds.includes(claims.sid)) {
    return accountMessages.tokenExpired;
  }
  return null;
}

/** Whether a token's session is still open (see closedSessionMessage). */
export function sessionIsOpen(
  claims: Pick<TokenClaims, 'sessionVersion' | 'sid'>,
  sessions: UserSessions | null,
): boolean {
  return closedSessionMessage(claims, sessions) === null;
}

/** The ids of the ended sessions a state or document keeps. */
export function endedSessionIds(ended: readonly { sessionId: string }[]): string[] {
  return ended.map((session) => session.sessionId);
}

/**
 * Requires a valid bearer token of a session that was not ended (a password
 * reset, a role change or a deletion ends older tokens; 'Sair' ends its own,
 * answered like an expired token); the claims are then
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
    const closed = closedSessionMessage(claims, await sessionVersion(claims.userId));
    if (closed !== null) throw new AppError('unauthorized', closed);
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
