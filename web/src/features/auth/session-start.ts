import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { accountApi } from './api/account-api';
import { sessionInvalidated, sessionRefreshed } from './auth-slice';
import { sessionErrorMessage } from './model/auth-errors';
import { authMessages } from './model/auth-messages';
import type { AuthState } from './model/auth-types';
import { completeUser } from './model/auth-user';
import { readTokenClaims } from './model/token';

interface WithAuth {
  auth: AuthState;
}

/**
 * Session start, second half (spec §4): the profile is fetched to refresh the
 * stored user; if that fails, the session ends with the reason. Does nothing
 * when there is no stored session to check.
 */
export function startSession() {
  return async (
    dispatch: ThunkDispatch<WithAuth, unknown, UnknownAction>,
    getState: () => WithAuth,
  ) => {
    const { token, authenticating } = getState().auth;
    if (!token || !authenticating) return;
    const result = await dispatch(
      accountApi.endpoints.getProfile.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    // A login or a logout while the profile was on its way wins.
    if (getState().auth.token !== token) return;
    if (result.error || !result.data) {
      dispatch(sessionInvalidated(sessionErrorMessage(result.error)));
      return;
    }
    const user = completeUser(result.data, readTokenClaims(token));
    if (user) dispatch(sessionRefreshed(user));
    else dispatch(sessionInvalidated(authMessages.sessionInvalid));
  };
}
