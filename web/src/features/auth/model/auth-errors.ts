import { accountMessages } from '@quitute/contracts';
import { httpStatus, isConnectionError, serverMessage, type ApiError } from '../../../api/errors';
import { isRecord } from '../../../lib/is-record';
import { authMessages } from './auth-messages';

/** Where a message is shown: under one of the form's fields, or above the form. */
export type LoginField = 'email' | 'password' | 'captcha';

export interface LoginFailure {
  field: LoginField | null;
  message: string;
}

/**
 * The login failure table (spec §8), matched case-insensitively on the
 * server's message, first row first. Each row accepts the English wording of
 * the original server and the Portuguese one of ours.
 */
const LOGIN_FAILURE_TABLE: readonly { pattern: RegExp; failure: LoginFailure }[] = [
  {
    pattern: /user not found|usu[aá]rio n[aã]o (encontrado|cadastrado)/i,
    failure: { field: 'email', message: authMessages.emailNotInSystem },
  },
  {
    pattern: /invalid credentials|credenciais inv[aá]lidas/i,
    failure: { field: 'password', message: authMessages.wrongPassword },
  },
  {
    pattern: /e-?mail not found|e-?mail n[aã]o (encontrado|cadastrado|est[aá] cadastrado)/i,
    failure: { field: 'email', message: authMessages.emailNotRegistered },
  },
  {
    pattern: /invalid e-?mail|e-?mail inv[aá]lido/i,
    failure: { field: 'email', message: accountMessages.emailFormat },
  },
  {
    pattern: /wrong password|incorrect password|senha incorreta|senha inv[aá]lida/i,
    failure: { field: 'password', message: authMessages.wrongPassword },
  },
  {
    pattern: /credentials|credenciais|e-?mail ou senha|e-?mail or password/i,
    failure: { field: null, message: accountMessages.invalidCredentials },
  },
  {
    pattern: /blocked|locked|bloquead/i,
    failure: { field: null, message: authMessages.accountBlocked },
  },
  {
    pattern: /too many|muitas tentativas/i,
    failure: { field: null, message: accountMessages.tooManyAttempts },
  },
  {
    pattern: /captcha/i,
    failure: { field: 'captcha', message: accountMessages.captchaInvalid },
  },
];

export function mapLoginError(error: ApiError | undefined): LoginFailure {
  if (isConnectionError(error)) return { field: null, message: authMessages.loginConnectionError };
  const message = serverMessage(error);
  if (message === null) return { field: null, message: authMessages.loginFailed };
  const row = LOGIN_FAILURE_TABLE.find(({ pattern }) => pattern.test(message));
  return row ? row.failure : { field: null, message };
}

/** Register (spec §8): the server's message, 'Email já registrado.' on a duplicate, else the default. */
export function mapRegisterError(error: ApiError | undefined): string {
  const message = serverMessage(error);
  if (message !== null) return message;
  return httpStatus(error) === 409 ? accountMessages.emailTaken : authMessages.registerFailed;
}

/**
 * Session start (spec §4): the server's message, else 'Erro de rede ou
 * servidor.' when there was no usable answer (no network, timeout, 5xx),
 * else the session is simply invalid.
 */
export function sessionErrorMessage(error: ApiError | undefined): string {
  const message = serverMessage(error);
  if (message !== null) return message;
  const status = httpStatus(error);
  if (isConnectionError(error) || (status !== null && status >= 500)) {
    return authMessages.sessionServerError;
  }
  return authMessages.sessionInvalid;
}

/** Texts of an expired or forged session (spec §4): they log the user out. */
const AUTH_ERROR_PATTERN = /sess[aã]o inv[aá]lida|token inv[aá]lido|expirado/i;

/** A 401 whose message says the session is no longer valid (not, say, an expired reset link's 400). */
export function isAuthError(error: unknown): boolean {
  if (!isRecord(error) || error['status'] !== 401 || !isRecord(error['data'])) return false;
  const message = error['data']['message'];
  return typeof message === 'string' && AUTH_ERROR_PATTERN.test(message);
}

/** Reset request (spec §8): the server's message, 'Erro {status}: {statusText}', or no answer at all. */
export function mapResetRequestError(error: ApiError | undefined, statusText = ''): string {
  const message = serverMessage(error);
  if (message !== null) return message;
  const status = httpStatus(error);
  if (status !== null) return `Erro ${status}: ${statusText}`.trim();
  return authMessages.resetNoAnswer;
}

export interface ResetConfirmFailure {
  title: string;
  text: string;
}

/** Reset confirm (spec §8): a refused token, no connection, or anything else. */
export function mapResetConfirmError(error: ApiError | undefined): ResetConfirmFailure {
  const message = serverMessage(error);
  if (httpStatus(error) === 400 && message !== null && /token/i.test(message)) {
    return {
      title: authMessages.resetTokenInvalidTitle,
      text: authMessages.resetTokenInvalidText,
    };
  }
  if (isConnectionError(error)) {
    return { title: authMessages.resetConnectionTitle, text: authMessages.resetNoAnswer };
  }
  return { title: authMessages.resetFailedTitle, text: message ?? authMessages.resetFailedText };
}

/** Preferences (spec §8): 401, 404 and no connection have their own texts. */
export function mapPreferencesError(error: ApiError | undefined, fallback: string): string {
  const status = httpStatus(error);
  if (status === 401) return authMessages.preferencesSessionExpired;
  if (status === 404) return authMessages.preferencesNotFound;
  if (isConnectionError(error)) return authMessages.preferencesConnectionError;
  return serverMessage(error) ?? fallback;
}
