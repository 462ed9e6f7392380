import type { Request, RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import {
  accountMessages,
  EMAIL_CONFIRMATION_RESENDS_PER_HOUR,
  EMAIL_CONFIRMATION_RESENDS_PER_WEEK,
  normalizeEmail,
} from '@quitute/contracts';
import { currentUser } from '@quitute/infra/auth';
import { clientAddressKey, rateLimiter } from '@quitute/infra/rate-limit';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Abuse limits on the accounts routes (issues #3, #8, #16) and on cart writes (#9). */
export interface AccountRateLimits {
  /** Every login request of a client IP, a failed captcha included. */
  loginPerIp: RateLimit;
  /** Wrong passwords (solved captcha, failed credential check) for one e-mail from one IP. */
  failedLoginsPerEmailAndIp: RateLimit;
  registerPerIp: RateLimit;
  resetPerIp: RateLimit;
  /** Reset links asked for one e-mail from one IP (not per e-mail alone: a stranger could use up its owner's). */
  resetPerEmailAndIp: RateLimit;
  resetConfirmPerIp: RateLimit;
  /** Each of PUT /api/users/profile and /preferences, per authenticated user. */
  profileWritesPerUser: RateLimit;
  /** Confirmation links followed from one IP (issue 41): public, each costs a stream read. */
  confirmEmailPerIp: RateLimit;
  /**
   * Confirmation e-mails one account asks again ('Reenviar'): per account, which
   * only its owner can spend (the route needs her login), so a stranger cannot
   * use someone's mailbox as a target nor spend her allowance.
   */
  confirmationResendsPerUser: RateLimit;
  /** The same over a week (EMAIL_CONFIRMATION_RESENDS_PER_WEEK). */
  confirmationResendsPerUserPerWeek: RateLimit;
  /**
   * One-click unsubscribes from one IP (RFC 8058, issue 41): public, without a
   * login. Per IP only: a counter per account or per link would be one a
   * stranger could run out for her. Mail providers post from their own servers,
   * so the limit is wider than a person's.
   */
  unsubscribePerIp: RateLimit;
  /**
   * Every cart command (add, sync, clear) of one user: each may append an event that
   * is kept for ever, so one account must not be able to grow the store without
   * bound. Two a second on average is far above what the cart screen sends.
   */
  cartWritesPerUser: RateLimit;
  /**
   * Every command of one administrator under /api/admin: each appends events
   * kept for ever, so a stolen or runaway admin session must not grow the
   * store without bound. Two a second on average is far above a person editing.
   */
  adminWritesPerUser: RateLimit;
}

const minutes = (n: number) => n * 60_000;

export const DEFAULT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { limit: 30, windowMs: minutes(15) },
  failedLoginsPerEmailAndIp: { limit: 5, windowMs: minutes(15) },
  registerPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerEmailAndIp: { limit: 3, windowMs: minutes(60) },
  resetConfirmPerIp: { limit: 10, windowMs: minutes(15) },
  profileWritesPerUser: { limit: 30, windowMs: minutes(1) },
  confirmEmailPerIp: { limit: 10, windowMs: minutes(15) },
  confirmationResendsPerUser: { limit: EMAIL_CONFIRMATION_RESENDS_PER_HOUR, windowMs: minutes(60) },
  confirmationResendsPerUserPerWeek: {
    limit: EMAIL_CONFIRMATION_RESENDS_PER_WEEK,
    windowMs: minutes(7 * 24 * 60),
  },
  unsubscribePerIp: { limit: 30, windowMs: minutes(15) },
  cartWritesPerUser: { limit: 120, windowMs: minutes(1) },
  adminWritesPerUser: { limit: 120, windowMs: minutes(1) },
};

/** One limit for every counter: for tests and benchmarks about something else than limits. */
export function uniformRateLimits(limit: RateLimit): AccountRateLimits {
  return {
    loginPerIp: limit,
    failedLoginsPerEmailAndIp: limit,
    registerPerIp: limit,
    resetPerIp: limit,
    resetPerEmailAndIp: limit,
    resetConfirmPerIp: limit,
    profileWritesPerUser: limit,
    confirmEmailPerIp: limit,
    confirmationResendsPerUser: limit,
    confirmationResendsPerUserPerWeek: limit,
    unsubscribePerIp: limit,
    cartWritesPerUser: limit,
    adminWritesPerUser: limit,
  };
}

/**
 * Where a limiter keeps its counters, by limiter name; express-rate-limit's
 * in-memory store when absent or undefined. Replicas share limits only through
 * a shared store (`createRateLimitStores({ redisUrl })` in infra).
 */
export type RateLimitStoreFactory = (name: string) => Store | undefined;

function bodyEmail(req: Request): string {
  const body: unknown = req.body;
  return typeof body === 'object' &&
    body !== null &&
    'email' in body &&
    typeof body.email === 'string'
    ? normalizeEmail(body.email)
    : '';
}

/**
 * Keyed by e-mail and IP, not by e-mail alone: a per-account counter is a lock
 * any stranger can close on the account's owner, solved captchas or not. So a
 * client is slowed on the accounts it guesses, the owner elsewhere is not, and
 * guessing from many addresses stays bounded by the per-IP limit and one solved
 * proof-of-work captcha per attempt.
 */
const emailAndIpKey = (req: Request) => `${bodyEmail(req)}|${clientAddressKey(req)}`;

const userKey = (req: Request) => currentUser(req).userId;

/** Only a failed credential check (401) counts: a refused captcha is the caller's IP's problem. */
const notAFailedLogin = (_req: Request, res: { statusCode: number }) => res.statusCode !== 401;
/** A request the shop refused (400, 409, 429…) took nothing: it is not counted. */
const refused = (_req: Request, res: { statusCode: number }) => res.statusCode >= 400;

/** Makes limiters whose counters live in the factory's store of each limiter's name. */
export function limiterFactory(store?: RateLimitStoreFactory) {
  return (
    name: string,
    { limit, windowMs }: RateLimit,
    key: (req: Request) => string,
    message: string,
    countOnly?: 'failed-logins' | 'accepted',
  ): RequestHandler =>
    rateLimiter({
      name,
      limit,
      windowMs,
      key,
      message,
      store: store?.(name),
      ...(countOnly === 'failed-logins' ? { succeeded: notAFailedLogin } : {}),
      ...(countOnly === 'accepted' ? { succeeded: refused } : {}),
    });
}

export function accountLimiters(limits: AccountRateLimits, store?: RateLimitStoreFactory) {
  const limiter = limiterFactory(store);
  const login = accountMessages.tooManyAttempts;
  const other = accountMessages.tooManyRequests;
  return {
    login: [
      limiter('login-ip', limits.loginPerIp, clientAddressKey, login),
      limiter(
        'login-email-ip',
        limits.failedLoginsPerEmailAndIp,
        emailAndIpKey,
        login,
        'failed-logins',
      ),
    ],
    register: [limiter('register-ip', limits.registerPerIp, clientAddressKey, other)],
    resetRequest: [
      limiter('reset-ip', limits.resetPerIp, clientAddressKey, other),
      limiter('reset-email-ip', limits.resetPerEmailAndIp, emailAndIpKey, other),
    ],
    resetConfirm: [limiter('reset-confirm-ip', limits.resetConfirmPerIp, clientAddressKey, other)],
    /** After `authenticate`: keyed by the caller's user id. */
    profileWrite: limiter('profile-user', limits.profileWritesPerUser, userKey, other),
    preferencesWrite: limiter('preferences-user', limits.profileWritesPerUser, userKey, other),
    confirmEmail: limiter('confirm-email-ip', limits.confirmEmailPerIp, clientAddressKey, other),
    /** After `authenticate`; a request refused (a deleted account) spends nothing. */
    confirmationResend: [
      limiter(
        'email-confirmation-user',
        limits.confirmationResendsPerUser,
        userKey,
        other,
        'accepted',
      ),
      limiter(
        'email-confirmation-user-week',
        limits.confirmationResendsPerUserPerWeek,
        userKey,
        other,
        'accepted',
      ),
    ],
  };
}

/** Every one-click unsubscribe from the client's IP counts, a refused one too (issue 41). */
export function unsubscribeLimiter(
  limits: AccountRateLimits,
  store?: RateLimitStoreFactory,
): RequestHandler {
  return limiterFactory(store)(
    'unsubscribe-ip',
    limits.unsubscribePerIp,
    clientAddressKey,
    accountMessages.tooManyRequests,
  );
}

/** After `authenticate`: every cart command of the caller counts (issue #9). */
export function cartWriteLimiter(
  limits: AccountRateLimits,
  store?: RateLimitStoreFactory,
): RequestHandler {
  return limiterFactory(store)(
    'cart-user',
    limits.cartWritesPerUser,
    userKey,
    accountMessages.tooManyRequests,
  );
}

/** After `authenticate` and the admin role: every admin command of the caller counts. */
export function adminWriteLimiter(
  limits: AccountRateLimits,
  store?: RateLimitStoreFactory,
): RequestHandler {
  return limiterFactory(store)(
    'admin-user',
    limits.adminWritesPerUser,
    userKey,
    accountMessages.tooManyRequests,
  );
}
