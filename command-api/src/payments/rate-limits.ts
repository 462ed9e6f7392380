import type { Request, RequestHandler } from 'express';
import { accountMessages } from '@quitute/contracts';
import { currentUser } from '@quitute/infra/auth';
import {
  limiterFactory,
  type RateLimit,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';

/**
 * Per-user limits on the payment commands (after `authenticate`, keyed by the
 * caller's own user id, so nobody can spend another customer's allowance).
 * Each checkout may place an order and create a payment at the provider; ten
 * a minute is far above what a customer paying sends. The webhook has no
 * limit: a forged notification costs one HMAC and is refused, and a shared
 * counter would let strangers crowd out the real ones.
 */
export interface PaymentRateLimits {
  checkoutPerUser: RateLimit;
  cancelPerUser: RateLimit;
}

export const DEFAULT_PAYMENT_RATE_LIMITS: PaymentRateLimits = {
  checkoutPerUser: { limit: 10, windowMs: 60_000 },
  cancelPerUser: { limit: 10, windowMs: 60_000 },
};

const userKey = (req: Request) => currentUser(req).userId;

export function paymentLimiters(
  limits: PaymentRateLimits,
  store?: RateLimitStoreFactory,
): { checkout: RequestHandler; cancel: RequestHandler } {
  const limiter = limiterFactory(store);
  return {
    checkout: limiter(
      'checkout-user',
      limits.checkoutPerUser,
      userKey,
      accountMessages.tooManyRequests,
    ),
    cancel: limiter(
      'payment-cancel-user',
      limits.cancelPerUser,
      userKey,
      accountMessages.tooManyRequests,
    ),
  };
}
