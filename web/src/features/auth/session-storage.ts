import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { authApi } from './api/auth-api';
import {
  isLoginSuccess,
  loggedOut,
  sessionInvalidated,
  sessionRefreshed,
  signedOutState,
  userUpdated,
} from './auth-slice';
import type { AuthState } from './model/auth-types';
import { completeUser, readUserFields } from './model/auth-user';
import { isTokenUsable, readTokenClaims } from './model/token';

/** Locally stored session keys (spec §3). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'authUser';

function clearStoredSession(storage: Storage | undefined): void {
  removeStorage(storage, TOKEN_KEY);
  removeStorage(storage, USER_KEY);
}

function readStoredUser(storage: Storage | undefined): unknown {
  const raw = readStorage(storage, USER_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * Session start, first half (spec §4): a missing, short or expired token
 * clears the stored session; otherwise the stored user is used at once (its
 * missing fields from the token) while the profile is fetched to check it.
 */
export function loadAuthState(storage: Storage | undefined, nowMs: number): AuthState {
  const token = readStorage(storage, TOKEN_KEY);
  if (!isTokenUsable(token, nowMs)) {
    clearStoredSession(storage);
    return signedOutState;
  }
  const user = completeUser(readUserFields(readStoredUser(storage)), readTokenClaims(token));
  if (!user) {
    clearStoredSession(storage);
    return signedOutState;
  }
  return { ...signedOutState, token, user, authenticating: true };
}

/** Keeps `token` and `authUser` in storage in step with the session. */
export function authPersistenceMiddleware(storage: Storage | undefined) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<{ auth: AuthState }>();

  startListening({
    matcher: isAnyOf(
      isLoginSuccess,
      sessionRefreshed,
      userUpdated,
      authApi.endpoints.updateProfile.matchFulfilled,
      authApi.endpoints.updatePreferences.matchFulfilled,
    ),
    effect: (_action, api) => {
      const { token, user } = api.getState().auth;
      if (!token || !user) return;
      writeStorage(storage, TOKEN_KEY, token);
      writeStorage(storage, USER_KEY, JSON.stringify(user));
    },
  });

  startListening({
    matcher: isAnyOf(sessionInvalidated, loggedOut),
    effect: () => clearStoredSession(storage),
  });

  return listener.middleware;
}
