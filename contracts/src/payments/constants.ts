/** The spec's payment methods (§7 `paymentMethod`). */
export const PAYMENT_METHODS = ['pix', 'boleto', 'credit_card', 'debit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  credit_card: 'Cartão de Crédito',
  debit_card: 'Cartão de Débito',
};

/** Mercado Pago's `payment_method_id` for boleto in the Payments API (integration-facts §4.5). */
export const BOLETO_PAYMENT_METHOD_ID = 'bolbradesco';

/**
 * The shop's payment statuses (spec §4): what an order and the polling endpoint
 * show. The provider's finer statuses map onto them (in_process, in_mediation and
 * authorized are all "in review" to a customer).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'in_review',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Labels of the admin orders page and the order details (admin-spec §4; spec §4). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
  in_review: 'Em Revisão',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Estornado',
};

/**
 * spec §5: the last name sent for a one-word full name (the payment provider asks for
 * one). A placeholder, not the customer's: the order names her without it.
 */
export const DEFAULT_LAST_NAME = 'Sobrenome';

/** The customer's name on her order: her first and last names, without the placeholder. */
export function orderCustomerName(firstName: string, lastName: string | undefined): string {
  return [firstName, lastName === DEFAULT_LAST_NAME ? undefined : lastName]
    .filter(Boolean)
    .join(' ');
}

/** An unpaid Pix expires after this many minutes unless configured otherwise (issue 10). */
export const DEFAULT_PIX_EXPIRY_MINUTES = 30;
/** Mercado Pago recommends at least 3 days for offline methods (integration-facts §4.5). */
export const BOLETO_EXPIRY_DAYS = 3;

/** Polling and redirect timings of the checkout page (spec §4, §9). */
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_POLL_DELAY_OFFLINE_METHODS_MS = 10_000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 120;
export const PAYMENT_POLL_HARD_STOP_MS = 600_000;
export const PAYMENT_SUCCESS_REDIRECT_MS = 3_000;

/** socket.io events the query side emits to the owning user's room (spec §7). */
export const PAYMENT_SOCKET_EVENTS = ['paymentSuccess', 'paymentApproved'] as const;
/** A socket's user room. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
