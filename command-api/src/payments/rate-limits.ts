import type { Request, RequestHandler } from 'express';
import { accountMessages } from '@quitute/contracts';
import { currentUser } from '@quitute/infra/auth';
import { clientAddressKey } from '@quitute/infra/rate-limit';
import {
  limiterFactory,
  type RateLimit,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';

/**
 * Limits on the payment commands. Per user (after `authenticate`, keyed by the
 * caller's own user id, so nobody can spend another customer's allowance): each
 * checkout may place an order and create a payment at the provider; ten a
 * minute is far above what a customer paying sends. The webhook has no limit:
 * a forged notification costs one HMAC and is refused, and a shared counter
 * would let strangers crowd out the real ones.
 */
export interface PaymentRateLimits {
  checkoutPerUser: RateLimit;
  cancelPerUser: RateLimit;
  /**
   * Every checkout from one client address, whichever account sends it (issue
   * 38): fresh accounts are free, so the per-user limit alone let one address
   * place 1,000 boleto orders in 6 s from 100 of them. Keyed by the address the
   * request came from (`clientAddressKey`: req.ip as the trusted proxies give
   * it, an IPv6 client by its /56), never by anything in the request a stranger
   * can write (a user id, an e-mail): using it up blocks only the caller's own
   * address.
   */
  checkoutPerAddress: RateLimit;
}

export const DEFAULT_PAYMENT_RATE_LIMITS: PaymentRateLimits = {
  checkoutPerUser: { limit: 10, windowMs: 60_000 },
  cancelPerUser: { limit: 10, windowMs: 60_000 },
  /*
   * A household's order takes one to three checkouts (a declined card, another
   * card, a switch to Pix), so twenty in an hour is six or more orders from one
   * home within the hour: a family behind one router never gets there, nor do
   * the few of this bakery's customers who share a carrier's NAT address at
   * once. The attack pass meets it at its 21st request, and from then on one
   * address places at most twenty orders an hour (each account holding at most
   * three unpaid).
   */
  checkoutPerAddress: { limit: 20, windowMs: 60 * 60_000 },
};

const userKey = (req: Request) => currentUser(req).userId;

export function paymentLimiters(
  limits: PaymentRateLimits,
  store?: RateLimitStoreFactory,
): { checkout: RequestHandler[]; cancel: RequestHandler } {
  const limiter = limiterFactory(store);
  return {
    // The address's first, counting only the checkouts it accepted (the attack pass: twenty
    // junk requests from one address locked every customer behind it out for an hour; and a
    // request the address refuses spends nothing of the customer's own allowance).
    checkout: [
      limiter(
        'checkout-address',
        limits.checkoutPerAddress,
        clientAddressKey,
        accountMessages.tooManyRequests,
        'accepted',
      ),
      limiter('checkout-user', limits.checkoutPerUser, userKey, accountMessages.tooManyRequests),
    ],
    cancel: limiter(
      'payment-cancel-user',
      limits.cancelPerUser,
      userKey,
      accountMessages.tooManyRequests,
    ),
  };
}
