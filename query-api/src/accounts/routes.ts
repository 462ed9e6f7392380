import { Router, type RequestHandler } from 'express';
import {
  accountMessages,
  USERS_COLLECTION,
  userDocumentSchema,
  toProfileDto,
  type ProfileDto,
} from '@quitute/contracts';
import {
  authenticate,
  currentUser,
  endedSessionIds,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { ReadStore } from '@quitute/infra/read-store';
import { rateLimiter } from '@quitute/infra/rate-limit';

export interface CaptchaChallenger {
  challenge(): Promise<unknown>;
}

/** Tokens are checked against the users read model (query-api reads nothing else). */
export function sessionVersionsFromReadModel(readStore: ReadStore): SessionVersionLookup {
  const users = readStore.collection(USERS_COLLECTION);
  return async (userId) => {
    const stored = await users.get(userId);
    const user = stored && userDocumentSchema.parse(stored);
    return user && !user.isDeleted
      ? {
          sessionVersion: user.sessionVersion,
          endedSessionIds: endedSessionIds(user.endedSessions ?? []),
        }
      : null;
  };
}

/**
 * Each challenge costs CPU to sign; a visitor needs one per form. Per instance
 * and in memory: the limit protects this process's CPU, nothing else.
 */
export const CAPTCHA_CHALLENGES_PER_MINUTE = 120;

/** GET /api/users/profile and /preferences (the caller's own, from the token: no IDOR) and the captcha challenge. */
export function accountQueryRoutes(deps: {
  readStore: ReadStore;
  tokens: TokenVerifier;
  sessionVersions: SessionVersionLookup;
  captcha: CaptchaChallenger;
  /** After authenticate: waits (bounded) for the caller's last write, sent back or recorded. */
  readYourWrites: RequestHandler;
}): Router {
  const users = deps.readStore.collection(USERS_COLLECTION);
  const signedIn = [authenticate(deps.tokens, deps.sessionVersions), deps.readYourWrites];
  const router = Router();

  const ownProfile = async (userId: string): Promise<ProfileDto> => {
    const stored = await users.get(userId);
    const user = stored && userDocumentSchema.parse(stored);
    if (!user || user.isDeleted) throw new AppError('not_found', accountMessages.userNotFound);
    return toProfileDto(user._id, user);
  };

  const challengeLimit = rateLimiter({
    name: 'captcha-challenge-ip',
    limit: CAPTCHA_CHALLENGES_PER_MINUTE,
    windowMs: 60_000,
    message: accountMessages.tooManyRequests,
  });

  router.get('/api/auth/captcha', challengeLimit, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await deps.captcha.challenge());
  });

  router.get('/api/users/profile', ...signedIn, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await ownProfile(currentUser(req).userId));
  });

  router.get('/api/users/preferences', ...signedIn, async (req, res) => {
    const { preferences } = await ownProfile(currentUser(req).userId);
    res.set('Cache-Control', 'private, no-store').json(preferences);
  });

  return router;
}
