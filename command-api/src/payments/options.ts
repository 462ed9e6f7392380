import type { PaymentGateway } from '@quitute/infra/payment-gateway';
import type { PaymentRateLimits } from './rate-limits';

/**
 * What checkout, payments and orders need beyond the other command routes;
 * without it (CommandDeps.ordering absent) their routes are not mounted.
 */
export interface OrderingOptions {
  /** The provider: Mercado Pago or the local simulator. */
  gateway: PaymentGateway;
  /** PIX_EXPIRY_MINUTES: an unpaid Pix stops being payable after this (DEFAULT_PIX_EXPIRY_MINUTES). */
  pixExpiryMinutes: number;
  /** Where the provider posts its notifications: the public origin + /payments/webhook. */
  notificationUrl?: string | undefined;
  /** DEFAULT_PAYMENT_RATE_LIMITS when absent. */
  rateLimits?: PaymentRateLimits | undefined;
}
