import express, { Router } from 'express';
import { z } from 'zod';
import {
  notificationMessages,
  UNSUBSCRIBE_API_PATH,
  unsubscribeQuerySchema,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { loadUser, runUserCommand } from '../accounts/accounts';
import { accountUnsubscribedBy } from '../accounts/decider';
import { DEFAULT_RATE_LIMITS, unsubscribeLimiter } from '../accounts/rate-limits';
import { emailLinksOf, type AccountsDeps } from '../accounts/routes';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';

/**
 * What may come with the POST: nothing (the web page), `{}` (JSON) or RFC 8058's
 * `List-Unsubscribe=One-Click`, form-encoded as mail clients post it. A
 * multipart body (RFC 8058's own example) is never read: the signed token in
 * the query is all that counts.
 */
const oneClickBodySchema = z.strictObject({
  'List-Unsubscribe': z.literal('One-Click').optional(),
});

/** A form body is one short field: nothing larger is read, and only on this route. */
const oneClickFormBody = express.urlencoded({
  extended: false,
  limit: '1kb',
  parameterLimit: 4,
  inflate: false,
});

/** Decisions again of an unsubscribe whose append met a concurrent write to the user. */
const UNSUBSCRIBE_CONFLICT_RETRIES = 3;

/**
 * Issue 41: the account a valid unsubscribe link names stops receiving
 * e-mail notifications; its SMS preference stays as it is. The account is the
 * actor: the signed link mailed to her stands for her. Already off: nothing
 * appended (`unsubscribedNow` false).
 */
export async function unsubscribeFromEmail(
  store: CommandStores,
  userId: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ unsubscribedNow: boolean; position: number }> {
  const { state, position } = await loadUser(store, userId);
  const user = accountUnsubscribedBy(state);
  if (!user.notifications.email) return { unsubscribedNow: false, position };
  const result = await runUserCommand(
    store,
    user.userId,
    { type: 'UnsubscribeFromEmail' },
    { ...context, actorId: user.userId, actorRole: user.role },
    { retryOnConflict: UNSUBSCRIBE_CONFLICT_RETRIES },
  );
  return { unsubscribedNow: true, position: result.position };
}

/**
 * POST /api/notifications/unsubscribe?token= (RFC 8058 one-click): public, no
 * login and no CSRF token, since all it can do is turn her mail off. Limited per
 * IP only, ahead of any parsing; a tampered token is refused before any store read.
 */
export function unsubscribeRoutes(
  deps: Pick<
    AccountsDeps,
    | 'eventStore'
    | 'snapshotStore'
    | 'logger'
    | 'now'
    | 'tokens'
    | 'publicUrl'
    | 'emailLinks'
    | 'rateLimits'
    | 'rateLimitStore'
    | 'sessions'
  >,
): Router {
  const store: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
    userWritten: deps.sessions?.wrote,
  };
  const links = emailLinksOf(deps);
  const limiter = unsubscribeLimiter(deps.rateLimits ?? DEFAULT_RATE_LIMITS, deps.rateLimitStore);
  const router = Router();

  router.post(UNSUBSCRIBE_API_PATH, limiter, oneClickFormBody, async (req, res) => {
    const { token } = parseWith(
      unsubscribeQuerySchema,
      req.query,
      notificationMessages.unsubscribeInvalid,
    );
    parseWith(oneClickBodySchema, req.body ?? {}, notificationMessages.unsubscribeInvalid);
    const userId = links.checkUnsubscribe(token);
    if (userId === null) throw new AppError('validation', notificationMessages.unsubscribeInvalid);
    const { unsubscribedNow, position } = await unsubscribeFromEmail(
      store,
      userId,
      requestCommandContext(req, deps.now),
    );
    res.set('Cache-Control', 'no-store').json({
      message: unsubscribedNow
        ? notificationMessages.unsubscribed
        : notificationMessages.alreadyUnsubscribed,
      position,
    });
  });

  return router;
}
