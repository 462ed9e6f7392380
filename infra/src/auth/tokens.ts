import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { accountMessages, tokenClaimsSchema, type TokenClaims } from '@quitute/contracts';
import { AppError } from '../errors';
import { createLinkSigner, type LinkSigner } from './links';

/** Pinned: a token signed with anything else (`none`, RS256 with our secret as a "public key") is refused. */
export const TOKEN_ALGORITHM = 'HS256';
export const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const MIN_SECRET_LENGTH = 32;

export type TokenSubject = Omit<TokenClaims, 'exp'>;

export interface TokenVerifier {
  /** The claims of a valid token; otherwise a 401 AppError whose message says 'Token inválido' or 'expirado'. */
  verify(token: string): TokenClaims;
}

export interface TokenService extends TokenVerifier {
  sign(subject: TokenSubject): string;
  /** Links mailed to people (issue 41), signed under a key derived from the same secret. */
  links: LinkSigner;
}

/** Only command-api signs (ARCHITECTURE §5); every service verifies with the same secret. */
export function createTokenService(options: {
  secret: string;
  ttlSeconds?: number;
  /** Seconds since the epoch; the wall clock by default. */
  nowSeconds?: () => number;
}): TokenService {
  const verifier = createTokenVerifier(options);
  const key = secretKey(options.secret);
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return {
    verify: verifier.verify,
    links: createLinkSigner(options.secret),
    sign(subject) {
      const iat = nowSeconds();
      const claims = { ...tokenClaimsSchema.omit({ exp: true }).parse(subject), iat };
      return jwt.sign(claims, key, {
        algorithm: TOKEN_ALGORITHM,
        expiresIn: ttlSeconds,
      });
    },
  };
}

/**
 * The secret as a key object made once: given the string, jsonwebtoken first
 * tries it as a public key on every call and builds its error, which cost a
 * quarter of an authenticated request's CPU.
 */
function secretKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret));
}

/** How many verified tokens a verifier remembers (the least recently used are forgotten first). */
const VERIFIED_TOKENS = 10_000;

export function createTokenVerifier(options: {
  secret: string;
  nowSeconds?: () => number;
}): TokenVerifier {
  if (options.secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The token secret must have at least ${MIN_SECRET_LENGTH} characters`);
  }
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const key = secretKey(options.secret);
  /**
   * A token is the same bytes on every request of a session: checking its
   * signature and claims again (HMAC, two base64 and JSON decodes, the schema)
   * was a tenth of a cart command's CPU. Only its expiry changes with time, so
   * it is the one thing checked again; the session version is the caller's.
   */
  const verified = new LRUCache<string, Readonly<TokenClaims>>({ max: VERIFIED_TOKENS });
  const remember = (token: string, claims: TokenClaims): void => {
    verified.set(token, Object.freeze(claims));
  };
  return {
    verify(token) {
      const known = verified.get(token);
      if (known && nowSeconds() < known.exp) return known;
      if (known) verified.delete(token);
      let payload: unknown;
      try {
        payload = jwt.verify(token, key, {
          algorithms: [TOKEN_ALGORITHM],
          clockTimestamp: nowSeconds(),
        });
      } catch (error) {
        if (error instanceof jwt.TokenExpiredError) {
          throw new AppError('unauthorized', accountMessages.tokenExpired);
        }
        throw new AppError('unauthorized', accountMessages.tokenInvalid);
      }
      const claims = tokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw new AppError('unauthorized', accountMessages.tokenInvalid);
      remember(token, claims.data);
      return claims.data;
    },
  };
}
