import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { accountMessages, normalizeEmail } from '@quitute/contracts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Abuse limits on login and password reset (issue #3): per client IP and per e-mail. */
export interface AccountRateLimits {
  loginPerIp: RateLimit;
  /** Failed logins only: a customer who types the right password is never held up. */
  failedLoginsPerEmail: RateLimit;
  resetPerIp: RateLimit;
  resetPerEmail: RateLimit;
}

const minutes = (n: number) => n * 60_000;

export const DEFAULT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { limit: 30, windowMs: minutes(15) },
  failedLoginsPerEmail: { limit: 5, windowMs: minutes(15) },
  resetPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerEmail: { limit: 3, windowMs: minutes(60) },
};

const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

function emailKey(req: Request): string {
  const body: unknown = req.body;
  const email =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? normalizeEmail(body.email)
      : '';
  return email ? `email:${email}` : `ip:${ipKey(req)}`;
}

function limiter(
  name: string,
  { limit, windowMs }: RateLimit,
  keyGenerator: (req: Request) => string,
  skipSuccessfulRequests = false,
): RequestHandler {
  return rateLimit({
    identifier: name,
    limit,
    windowMs,
    keyGenerator,
    skipSuccessfulRequests,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    statusCode: 429,
    message: { message: accountMessages.tooManyAttempts, code: 'too_many_requests' },
  });
}

export function loginLimiters(limits: AccountRateLimits): RequestHandler[] {
  return [
    limiter('login-ip', limits.loginPerIp, ipKey),
    limiter('login-email', limits.failedLoginsPerEmail, emailKey, true),
  ];
}

export function resetLimiters(limits: AccountRateLimits): RequestHandler[] {
  return [
    limiter('reset-ip', limits.resetPerIp, ipKey),
    limiter('reset-email', limits.resetPerEmail, emailKey),
  ];
}
