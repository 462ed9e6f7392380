import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { isRecord } from '../../lib/is-record';
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
