import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { isRecord } from '../../lib/is-record';
import { authApi } from './api/auth-api';
import { loggedOut } from './auth-slice';
import { isAuthError } from './model/auth-errors';
import type { AuthState } from './model/auth-types';

/**
 * Calls that deal with an expired session themselves: session start ends the
 * session with its own message, and the preferences page says 'Sessão
 * expirada' for 2 s before going to the login page (spec §4, §8).
 */
const HANDLED_BY_CALLER = new Set(['getProfile', 'getPreferences', 'updatePreferences']);

function endpointName(action: unknown): string | null {
  if (!isRecord(action) || !isRecord(action['meta']) || !isRecord(action['meta']['arg'])) {
    return null;
  }
  const name = action['meta']['arg']['endpointName'];
  return typeof name === 'string' ? name : null;
}

/** Any API answer saying the session is invalid or expired logs the user out (spec §4). */
export function authErrorMiddleware() {
  const listener = createListenerMiddleware();
  listener.startListening.withTypes<{ auth: AuthState }>()({
    predicate: (action, state) =>
      state.auth.token !== null &&
      isRejectedWithValue(action) &&
      isAuthError(action.payload) &&
      !HANDLED_BY_CALLER.has(endpointName(action) ?? ''),
    effect: (_action, api) => {
      api.dispatch(loggedOut());
    },
  });
  return listener.middleware;
}

/**
 * Logging out (spec §4: 'Sair', the profile's and the admin panel's buttons, or
 * a session the server refused) also asks the server to end this session, so
 * its token is refused from then on and not for the rest of its 12 hours. Best
 * effort: the local session is cleared at once whatever the answer; offline or
 * already refused, the request fails and nothing else happens.
 */
export function signOutMiddleware() {
  const listener = createListenerMiddleware();
  listener.startListening.withTypes<{ auth: AuthState }>()({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      const { token } = api.getOriginalState().auth;
      if (!token) return;
      const request = api.dispatch(authApi.endpoints.logout.initiate(token));
      // Nothing waits for the answer: its entry in the cache goes with it.
      void request.then(() => request.reset());
    },
  });
  return listener.middleware;
}
