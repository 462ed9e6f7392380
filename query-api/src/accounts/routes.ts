import { Router } from 'express';
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
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { ReadStore } from '@quitute/infra/read-store';

export interface CaptchaChallenger {
  challenge(): Promise<unknown>;
}

/** Tokens are checked against the users read model (query-api reads nothing else). */
export function sessionVersionsFromReadModel(readStore: ReadStore): SessionVersionLookup {
  const users = readStore.collection(USERS_COLLECTION);
  return async (userId) => {
    const stored = await users.get(userId);
    const user = stored && userDocumentSchema.parse(stored);
    return user && !user.isDeleted ? user.sessionVersion : null;
  };
}

/** GET /api/users/profile and /preferences (the caller's own, from the token: no IDOR) and the captcha challenge. */
export function accountQueryRoutes(deps: {
  readStore: ReadStore;
  tokens: TokenVerifier;
  captcha: CaptchaChallenger;
}): Router {
  const users = deps.readStore.collection(USERS_COLLECTION);
  const signedIn = authenticate(deps.tokens, sessionVersionsFromReadModel(deps.readStore));
  const router = Router();

  const ownProfile = async (userId: string): Promise<ProfileDto> => {
    const stored = await users.get(userId);
    const user = stored && userDocumentSchema.parse(stored);
    if (!user || user.isDeleted) throw new AppError('not_found', accountMessages.userNotFound);
    return toProfileDto(user._id, user);
  };

  router.get('/api/auth/captcha', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await deps.captcha.challenge());
  });

  router.get('/api/users/profile', signedIn, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await ownProfile(currentUser(req).userId));
  });

  router.get('/api/users/preferences', signedIn, async (req, res) => {
    const { preferences } = await ownProfile(currentUser(req).userId);
    res.set('Cache-Control', 'private, no-store').json(preferences);
  });

  return router;
}
