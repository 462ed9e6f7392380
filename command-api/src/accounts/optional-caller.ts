import type { Request } from 'express';
import type { TokenClaims } from '@quitute/contracts';
import { sessionIsOpen, type SessionVersionLookup, type TokenService } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';

/**
 * The caller when a valid token of a live session came along; anyone else is
 * a visitor (for routes open to visitors: cookie consent, custom orders).
 */
export async function optionalCaller(
  req: Request,
  tokens: TokenService,
  sessionVersion: SessionVersionLookup,
): Promise<TokenClaims | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization')?.trim() ?? '');
  if (!match?.[1]) return null;
  let claims: TokenClaims;
  try {
    claims = tokens.verify(match[1]);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  return sessionIsOpen(claims, await sessionVersion(claims.userId)) ? claims : null;
}
