import { accountMessages } from '@quitute/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authApi } from './api/auth-api';
import { mapLoginError, mapRegisterError } from './model/auth-errors';
import { authMessages } from './model/auth-messages';
import type { AuthState, AuthUser } from './model/auth-types';

export const signedOutState: AuthState = {
  user: null,
  token: null,
  authenticating: false,
  loading: false,
  message: null,
  error: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: signedOutState,
  reducers: {
    /** The profile fetched at session start; the session is settled. */
    sessionRefreshed(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
      state.authenticating = false;
    },
    /** The stored session was refused at start (spec §4): the user becomes none, with the reason. */
    sessionInvalidated(state, action: PayloadAction<string>) {
      state.user = null;
      state.token = null;
      state.authenticating = false;
      state.error = action.payload;
    },
    loggedOut() {
      return signedOutState;
    },
    /** Merges new fields into the user (spec §4); they are stored again. */
    userUpdated(state, action: PayloadAction<Partial<AuthUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    authFeedbackCleared(state) {
      state.message = null;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authApi.endpoints.login.matchPending, (state) => {
        state.loading = true;
        state.message = null;
        state.error = null;
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) => {
        state.token = action.payload.token;
        state.user = action.payload.user;
        state.authenticating = false;
        state.loading = false;
        state.message = accountMessages.loginSuccess;
        state.error = null;
      })
      .addMatcher(authApi.endpoints.login.matchRejected, (state, action) => {
        state.loading = false;
        state.error = mapLoginError(action.payload ?? action.error).message;
      })
      .addMatcher(authApi.endpoints.register.matchPending, (state) => {
        state.loading = true;
        state.message = null;
        state.error = null;
      })
      .addMatcher(authApi.endpoints.register.matchFulfilled, (state) => {
        state.loading = false;
        state.message = authMessages.registrationSuccess;
      })
      .addMatcher(authApi.endpoints.register.matchRejected, (state, action) => {
        state.loading = false;
        state.error = mapRegisterError(action.payload ?? action.error);
      })
      .addMatcher(authApi.endpoints.updateProfile.matchFulfilled, (state, action) => {
        if (state.user) state.user = { ...state.user, ...action.payload };
      })
      .addMatcher(authApi.endpoints.updatePreferences.matchFulfilled, (state, action) => {
        if (state.user) state.user = { ...state.user, preferences: action.payload };
      });
  },
});

export const { sessionRefreshed, sessionInvalidated, loggedOut, userUpdated, authFeedbackCleared } =
  authSlice.actions;
export const authReducer = authSlice.reducer;

/** A login that succeeded: the payload is the new session. */
export const isLoginSuccess = authApi.endpoints.login.matchFulfilled;

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectCurrentUser = (state: WithAuth): AuthUser | null => state.auth.user;
export const selectIsAdmin = (state: WithAuth): boolean => state.auth.user?.role === 'admin';
