import { createPasswordHasher } from '../auth';

/**
 * Cheap scrypt settings, for tests that are not about the KDF (today's settings
 * and their cost are tested in infra/src/auth): every account a test makes,
 * hashed in a millisecond.
 */
export const cheapPasswords = createPasswordHasher({ N: 1024, r: 8, p: 1 });
