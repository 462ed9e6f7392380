import { isRecord } from '../../lib/is-record';
import type { PaymentSuccess } from '../../lib/payment-success';

export interface SuccessAccess {
  granted: boolean;
  orderId: string | null;
  orderNumber: number | null;
}

export interface SuccessVisit {
  /** The navigation's state (the checkout sends { orderId, orderNumber, fromPayment: true }). */
  state: unknown;
  search: URLSearchParams;
  /** document.referrer: where a redirect back from a payment page came from. */
  referrer: string;
  /** The session flag the approval left, if any. */
  flag: Partial<PaymentSuccess> | null;
}

const PAYMENT_PAGES = ['/pagamento', '/checkout'];

/**
 * spec §4 "Success page access": granted when reached from the payment, or
 * with an order id and a referrer containing /pagamento or /checkout, or with
 * the session flag (which the page then consumes).
 */
export function decideSuccessAccess({
  state,
  search,
  referrer,
  flag,
}: SuccessVisit): SuccessAccess {
  const fromState = isRecord(state) ? state : {};
  const stateOrderId = typeof fromState['orderId'] === 'string' ? fromState['orderId'] : null;
  const stateNumber =
    typeof fromState['orderNumber'] === 'number' ? fromState['orderNumber'] : null;
  const searchNumber = Number(search.get('orderNumber'));
  const orderId = stateOrderId ?? search.get('orderId') ?? flag?.orderId ?? null;
  const orderNumber =
    stateNumber ??
    flag?.orderNumber ??
    (Number.isInteger(searchNumber) && searchNumber > 0 ? searchNumber : null);
  const fromPayment = fromState['fromPayment'] === true;
  const referred = orderId !== null && PAYMENT_PAGES.some((path) => referrer.includes(path));
  return { granted: fromPayment || referred || flag !== null, orderId, orderNumber };
}
