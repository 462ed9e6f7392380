import type { RequestHandler } from 'express';
import { messages } from '@quitute/contracts';
import { validationError } from '@quitute/infra/errors';
import { currentUser } from '@quitute/infra/auth';
import type { OwnWrites, WaitForPosition } from '@quitute/infra/projection-progress';

export const MIN_POSITION_HEADER = 'x-min-position';

/** Long enough for a projection to catch up with a fresh write, short enough to never hang a page. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2_000;

/**
 * A client that just wrote sends back the command's `position`; the read waits
 * (bounded) until the projections have applied it, then answers either way.
 */
export function readYourWrites(waitForPosition: WaitForPosition): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(MIN_POSITION_HEADER);
    if (header === undefined) {
      next();
      return;
    }
    if (!/^\d{1,15}$/.test(header)) throw validationError(messages.invalidRequest);
    const reached = await waitForPosition(Number(header), READ_YOUR_WRITES_TIMEOUT_MS);
    if (!reached) res.set('X-Projection-Lagging', 'true');
    next();
  };
}

/**
 * After `authenticate`: waits (bounded) until the projections have applied the
 * caller's own last write, as command-api recorded it in `ownWrites` — so a
 * client that sends no header still reads its writes (embedded topology, where
 * both share the process). Without `ownWrites` (distributed) it does nothing.
 */
export function ownWritesVisible(
  ownWrites: OwnWrites | undefined,
  waitForPosition: WaitForPosition,
): RequestHandler {
  return async (req, res, next) => {
    const position = ownWrites?.lastPosition(currentUser(req).userId) ?? 0;
    if (position > 0 && !(await waitForPosition(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
      res.set('X-Projection-Lagging', 'true');
    }
    next();
  };
}
