import { UNSUBSCRIBE_API_PATH } from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { parseMessage, type MessageResponse } from './auth-api';

/**
 * What the links of the shop's e-mails do (issue 41), on command-api. Only
 * their pages load this module.
 */
export const emailLinksApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/users/confirm-email (public: the signed token is the proof). */
    confirmEmail: build.mutation<MessageResponse, string>({
      query: (token) => ({ url: '/api/users/confirm-email', method: 'POST', body: { token } }),
      transformResponse: parseMessage,
    }),
    /** POST /api/notifications/unsubscribe?token= (public, no body: RFC 8058's one click). */
    unsubscribe: build.mutation<MessageResponse, string>({
      query: (token) => ({ url: UNSUBSCRIBE_API_PATH, method: 'POST', params: { token } }),
      transformResponse: parseMessage,
    }),
  }),
});

export const { useConfirmEmailMutation, useUnsubscribeMutation } = emailLinksApi;
