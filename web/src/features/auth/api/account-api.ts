import type { NotificationPreferences } from '@quitute/contracts';
import { queryApi } from '../../../api/query-api';
import { isRecord } from '../../../lib/is-record';
import type { AuthUser } from '../model/auth-types';
import { readNotifications, readUserFields } from '../model/auth-user';

export const CAPTCHA_URL = '/api/auth/captcha';

export type CaptchaConfig = { provider: 'recaptcha'; siteKey: string } | { provider: 'altcha' };

/**
 * GET /api/auth/captcha answers `{ provider: 'recaptcha', siteKey }` when
 * reCAPTCHA is configured; otherwise its body is an ALTCHA challenge.
 */
export function parseCaptchaConfig(body: unknown): CaptchaConfig {
  if (isRecord(body) && body['provider'] === 'recaptcha' && typeof body['siteKey'] === 'string') {
    return { provider: 'recaptcha', siteKey: body['siteKey'] };
  }
  return { provider: 'altcha' };
}

export interface PreferencesBody {
  notifications: NotificationPreferences;
}

export function parsePreferences(body: unknown): PreferencesBody {
  const notifications = isRecord(body) ? readNotifications(body['notifications']) : undefined;
  if (!notifications) throw new Error('Resposta inválida do servidor.');
  return { notifications };
}

/** Account reads (query-api). */
export const accountApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Partial<AuthUser>, undefined>({
      query: () => '/api/users/profile',
      transformResponse: readUserFields,
    }),
    getPreferences: build.query<PreferencesBody, undefined>({
      query: () => '/api/users/preferences',
      transformResponse: parsePreferences,
    }),
    getCaptchaConfig: build.query<CaptchaConfig, undefined>({
      query: () => CAPTCHA_URL,
      transformResponse: parseCaptchaConfig,
    }),
  }),
});

export const { useGetPreferencesQuery, useGetCaptchaConfigQuery } = accountApi;
