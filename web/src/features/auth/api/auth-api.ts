import type { LoginBody, ProfileUpdateBody, RegisterBody } from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { isRecord } from '../../../lib/is-record';
import { RESET_TIMEOUT_MS } from '../../../config/api';
import type { AuthUser, Session } from '../model/auth-types';
import { completeUser, readUserFields } from '../model/auth-user';
import { mapResetRequestError } from '../model/auth-errors';
import { readTokenClaims } from '../model/token';
import { accountApi, parsePreferences, type PreferencesBody } from './account-api';

/** POST /api/auth/login: the token and the user, whose missing fields come from the token (spec §3). */
export function parseLoginResponse(body: unknown): Session {
  const token = isRecord(body) ? body['token'] : undefined;
  if (typeof token !== 'string' || !token) throw new Error('Resposta inválida do servidor.');
  const user = completeUser(readUserFields(body), readTokenClaims(token));
  if (!user) throw new Error('Resposta inválida do servidor.');
  return { token, user };
}

export interface MessageResponse {
  message: string | null;
}

export function parseMessage(body: unknown): MessageResponse {
  const message = isRecord(body) ? body['message'] : undefined;
  return { message: typeof message === 'string' && message.trim() ? message : null };
}

export interface ResetRequestBody {
  email: string;
}

export interface ResetConfirmBody {
  token: string;
  newPassword: string;
}

/** Account commands (command-api). */
export const authApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Session, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      transformResponse: parseLoginResponse,
    }),
    /**
     * 'Sair' ends this session on the server too (its token is refused from then
     * on). The token is named here: the store has already forgotten it.
     */
    logout: build.mutation<MessageResponse, string>({
      query: (token) => ({
        url: '/api/auth/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }),
      transformResponse: parseMessage,
    }),
    register: build.mutation<MessageResponse, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      transformResponse: parseMessage,
    }),
    requestPasswordReset: build.mutation<MessageResponse, ResetRequestBody>({
      query: (body) => ({
        url: '/api/auth/reset-password',
        method: 'POST',
        body,
        timeout: RESET_TIMEOUT_MS,
      }),
      transformResponse: parseMessage,
      // 'Erro {status}: {statusText}' (spec §8) needs the status text, which only the
      // response has: it is written into the error's message here, once.
      transformErrorResponse: (error, meta) =>
        typeof error.status === 'number'
          ? {
              status: error.status,
              data: { message: mapResetRequestError(error, meta?.response?.statusText) },
            }
          : error,
    }),
    confirmPasswordReset: build.mutation<MessageResponse, ResetConfirmBody>({
      query: (body) => ({
        url: '/api/auth/reset-password/confirm',
        method: 'POST',
        body,
        timeout: RESET_TIMEOUT_MS,
      }),
      transformResponse: parseMessage,
    }),
    updateProfile: build.mutation<Partial<AuthUser>, ProfileUpdateBody>({
      query: (body) => ({ url: '/api/users/profile', method: 'PUT', body }),
      transformResponse: readUserFields,
      // The answer is the new profile: later reads need not wait for the projection.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          accountApi.util.updateQueryData('getProfile', undefined, (profile) => ({
            ...profile,
            ...data,
          })),
        );
      },
    }),
    updatePreferences: build.mutation<PreferencesBody, PreferencesBody>({
      query: (body) => ({ url: '/api/users/preferences', method: 'PUT', body }),
      transformResponse: parsePreferences,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(accountApi.util.updateQueryData('getPreferences', undefined, () => data));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useUpdateProfileMutation,
  useUpdatePreferencesMutation,
} = authApi;
