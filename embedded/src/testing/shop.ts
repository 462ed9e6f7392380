import path from 'node:path';
import type { RequestHandler } from 'express';
import { preparedPgliteDirectory, scratchDirectory } from '@quitute/infra/testing';

/**
 * What the embedded tests share to open shops cheaply. A shop's start is most
 * of what those tests cost: PGlite's first start in an empty directory (its
 * initdb), the menu seeded, the admin's password hashed.
 */

/** The admin each new shop creates, and every account a test registers, hashed in a millisecond. */
export { cheapPasswords } from '@quitute/infra/testing';

/** No web app: the shop's APIs only. */
export const noWebApp: RequestHandler[] = [(_req, _res, next) => next()];

/**
 * A new data directory for a shop (in memory when the machine allows; the
 * caller removes it). Its event store is a copy of the PGlite database the test
 * run initialised once, holding nothing of the shop's: the first start skips
 * initdb, as a restart does, and still creates the tables, seeds the menu and
 * makes the admin.
 */
export async function makeDataDir(prefix: string): Promise<string> {
  const dataDir = await scratchDirectory(prefix);
  await preparedPgliteDirectory(path.join(dataDir, 'eventstore'));
  return dataDir;
}
