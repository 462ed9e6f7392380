export {
  createTokenService,
  createTokenVerifier,
  DEFAULT_TOKEN_TTL_SECONDS,
  TOKEN_ALGORITHM,
} from './tokens';
export type { TokenService, TokenSubject, TokenVerifier } from './tokens';
export { createLinkSigner } from './links';
export type { LinkSigner } from './links';
export {
  createPasswordHasher,
  hashPassword,
  OWASP_SCRYPT_PARAMS,
  verifyPassword,
} from './password';
export type { HashingLimits, PasswordHasher, ScryptParams } from './password';
export {
  authenticate,
  closedSessionMessage,
  currentUser,
  endedSessionIds,
  requireRole,
  sessionIsOpen,
} from './middleware';
export type { SessionVersionLookup, UserSessions } from './middleware';
export { loadOrCreateSecrets } from './secrets';
export type { ShopSecrets } from './secrets';
