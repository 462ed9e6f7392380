import type { Request, Response } from 'express';
import { currentUser } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { OwnWrites } from '@quitute/infra/projection-progress';
import type { AccountsDeps } from '../accounts/routes';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';

/** What the admin commands need (all of it is in CommandDeps). */
export type AdminDeps = Pick<
  AccountsDeps,
  | 'eventStore'
  | 'snapshotStore'
  | 'logger'
  | 'now'
  | 'mailer'
  | 'publicUrl'
  | 'sessions'
  | 'shopSettings'
> & {
  /** Where each user's own writes are recorded for query-api (embedded topology). */
  ownWrites?: OwnWrites | undefined;
};

/**
 * The stores of the admin commands; a user's stream written here is reported to
 * the session view, so a role change or a deletion ends that user's sessions at once.
 */
export function adminStores(deps: AdminDeps): CommandStores {
  return {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
    userWritten: deps.sessions?.wrote,
  };
}

/** The administrator asking (from the token), now and the request's ids: the actor metadata auditors read. */
export function adminCommandContext(req: Request, now: () => Date): CommandContext {
  const caller = currentUser(req);
  return { ...requestCommandContext(req, now), actorId: caller.userId, actorRole: caller.role };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `:id` of an admin route, lower-cased. Ids are UUIDs: anything else names
 * nothing (404 with the entity's message), and never reaches a stream name.
 */
export function idParam(req: Request, notFoundMessage: string): string {
  const id = req.params['id'];
  if (typeof id !== 'string' || !UUID.test(id)) throw new AppError('not_found', notFoundMessage);
  return id.toLowerCase();
}

/**
 * Sends a command's answer and records the position for the caller, so that
 * the list the admin page reloads next already shows the change (read-your-writes).
 */
export function answer(
  req: Request,
  res: Response,
  deps: Pick<AdminDeps, 'ownWrites'>,
  status: number,
  body: { message: string; position: number } & Record<string, unknown>,
): void {
  deps.ownWrites?.record(currentUser(req).userId, body.position);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}
