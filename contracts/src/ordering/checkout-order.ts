// A module of its own, without zod: the browser's checkout page calls it before
// its validation (and its zod) is loaded (the bundle budget, issue 14).
import type { CheckoutBody } from './dto';

/**
 * What makes two checkout submissions the same order, however it is paid: the
 * body without its payment (method, card token, brand and issuer, installments,
 * device), without the fee the page showed (the server prices it) and without the lines' categories, which a card body leaves out
 * (spec §7). After a declined card, another card or another method pays that
 * same order (issue 36): the browser keeps its Idempotency-Key for it and the
 * server accepts the request as the order's.
 */
export function checkoutOrderPart(body: CheckoutBody) {
  const {
    token: _token,
    deviceId: _deviceId,
    paymentMethod: _paymentMethod,
    paymentMethodId: _paymentMethodId,
    issuerId: _issuerId,
    installments: _installments,
    deliveryFee: _deliveryFee,
    items,
    ...order
  } = body;
  const lines = items?.map(({ category: _category, ...line }) => line);
  return { ...order, ...(lines ? { items: lines } : {}) };
}
