import { commandApi } from '../../../api/command-api';
import { queryApi } from '../../../api/query-api';
import { isRecord } from '../../../lib/is-record';
import { parseMessage, type MessageResponse } from './auth-api';

/**
 * Whether the account's e-mail is confirmed (GET /api/users/profile's
 * `emailConfirmed`, issue 41); null when the answer does not say. The
 * profile's notice reads it here rather than through the session's profile
 * read, which every page loads.
 */
export const emailConfirmationQueryApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getEmailConfirmed: build.query<boolean | null, undefined>({
      query: () => '/api/users/profile',
      transformResponse: (body: unknown) => {
        const confirmed = isRecord(body) ? body['emailConfirmed'] : undefined;
        return typeof confirmed === 'boolean' ? confirmed : null;
      },
    }),
  }),
});

/** POST /api/users/email-confirmation (signed in, no body): the link is sent again. */
export const emailConfirmationCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    resendEmailConfirmation: build.mutation<MessageResponse, undefined>({
      query: () => ({ url: '/api/users/email-confirmation', method: 'POST' }),
      transformResponse: parseMessage,
    }),
  }),
});

export const { useGetEmailConfirmedQuery } = emailConfirmationQueryApi;
export const { useResendEmailConfirmationMutation } = emailConfirmationCommandApi;
