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

/** Requires a valid bearer token; the claims are then available through `currentUser(req)`. */
export function authenticate(tokens: TokenVerifier): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('unauthorized', accountMessages.tokenMissing);
    authenticated.set(req, tokens.verify(token));
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
