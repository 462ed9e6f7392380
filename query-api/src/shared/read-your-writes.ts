import type { Request, RequestHandler } from 'express';
import { messages } from '@quitute/contracts';
import { currentUser } from '@quitute/infra/auth';
import { validationError } from '@quitute/infra/errors';
import type { OwnWrites, WaitForPosition } from '@quitute/infra/projection-progress';

export const MIN_POSITION_HEADER = 'x-min-position';

/** Long enough for a projection to catch up with a fresh write, short enough to never hang a page. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2_000;

/** The position a client sent back (`X-Min-Position`), 0 without one; 400 when it is not a number. */
function headerPosition(req: Request): number {
  const header = req.get(MIN_POSITION_HEADER);
  if (header === undefined) return 0;
  if (!/^\d{1,15}$/.test(header)) throw validationError(messages.invalidRequest);
  return Number(header);
}

async function waitFor(
  waitForPosition: WaitForPosition,
  position: number,
  res: Parameters<RequestHandler>[1],
): Promise<void> {
  if (position > 0 && !(await waitForPosition(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
    res.set('X-Projection-Lagging', 'true');
  }
}

/**
 * Public reads (the menu): a client that just wrote sends back the command's
 * `position`; the read waits (bounded) until the projections have applied it,
 * then answers either way.
 */
export function readYourWrites(waitForPosition: WaitForPosition): RequestHandler {
  return async (req, res, next) => {
    await waitFor(waitForPosition, headerPosition(req), res);
    next();
  };
}

/**
 * Signed-in reads, after `authenticate` (so a stranger's request is refused
 * before it waits for anything): waits for the position the client sent back,
 * or for the caller's own last write as command-api recorded it in `ownWrites`,
 * whichever is later — so a client that sends no header still reads its writes
 * (embedded topology, where both share the process; distributed there is no
 * `ownWrites` and the header is the way).
 */
export function signedInReadYourWrites(
  waitForPosition: WaitForPosition,
  ownWrites: OwnWrites | undefined,
): RequestHandler {
  return async (req, res, next) => {
    const own = ownWrites?.lastPosition(currentUser(req).userId) ?? 0;
    await waitFor(waitForPosition, Math.max(headerPosition(req), own), res);
    next();
  };
}
