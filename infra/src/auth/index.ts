export {
  createTokenService,
  createTokenVerifier,
  DEFAULT_TOKEN_TTL_SECONDS,
  TOKEN_ALGORITHM,
} from './tokens';
export type { TokenService, TokenSubject, TokenVerifier } from './tokens';
export { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
export { authenticate, currentUser, requireRole } from './middleware';
export { loadOrCreateSecrets } from './secrets';
export type { ShopSecrets } from './secrets';
