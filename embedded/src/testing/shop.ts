import type { RequestHandler } from 'express';
import { createPasswordHasher } from '@quitute/infra/auth';
import { makeTempDir } from './temp-dir';

/**
 * What the embedded tests share to open shops cheaply. A shop's start is most
 * of what those tests cost: PGlite's first start in an empty directory (its
 * initdb), the menu seeded, the admin's password hashed.
 */

/**
 * Cheap scrypt settings, for shops whose tests are not about the KDF (today's
 * settings and their cost are tested in infra/auth): the admin each new shop
 * creates, and every account a test registers, hashed in a millisecond.
 */
export const cheapPasswords = createPasswordHasher({ N: 1024, r: 8, p: 1 });

/** No web app: the shop's APIs only. */
export const noWebApp: RequestHandler[] = [(_req, _res, next) => next()];

/** A new, empty data directory for a shop (in memory when the machine allows); the caller removes it. */
export function makeDataDir(prefix: string): Promise<string> {
  return makeTempDir(prefix);
}
