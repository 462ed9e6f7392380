import { commandApi } from '../../api/command-api';

/** POST /api/cookie-consent {consent:'accepted'}, with the browser's credentials (spec §7). */
export const consentApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    recordCookieConsent: build.mutation<null, undefined>({
      query: () => ({
        url: '/api/cookie-consent',
        method: 'POST',
        body: { consent: 'accepted' },
        credentials: 'include',
      }),
      transformResponse: () => null,
    }),
  }),
});

export const { useRecordCookieConsentMutation } = consentApi;
