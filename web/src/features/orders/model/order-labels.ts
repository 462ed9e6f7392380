import {
  centsToReais,
  DELIVERY_TYPE_LABELS,
  formatBRL,
  ORDER_STATUS_LABELS,
  formatShopClock,
  formatShopDay as shopDayOf,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  reaisToCents,
  refundMessages,
  shopInstantOf,
  UNKNOWN_STATUS_LABEL,
  type OrderDto,
} from '@quitute/contracts';
import type { OrderLine } from '../../../components/order-lines';

function labelOf(labels: Record<string, string>, value: string): string {
  return Object.hasOwn(labels, value)
    ? (labels[value] ?? UNKNOWN_STATUS_LABEL)
    : UNKNOWN_STATUS_LABEL;
}

/** spec §4: Pendente, Em Preparação… anything else 'Desconhecido'. */
export function orderStatusLabel(status: string): string {
  return labelOf(ORDER_STATUS_LABELS, status);
}

export function paymentStatusLabel(status: string): string {
  return labelOf(PAYMENT_STATUS_LABELS, status);
}

export function paymentMethodLabel(method: string): string {
  return labelOf(PAYMENT_METHOD_LABELS, method);
}

export function deliveryTypeLabel(type: string): string {
  return labelOf(DELIVERY_TYPE_LABELS, type);
}

/**
 * What went back to her (issue 38): 'Reembolsado' when all of it did,
 * 'Reembolso parcial de R$ 20,00' when part did; null when nothing did.
 */
export function refundLabel(order: Pick<OrderDto, 'total' | 'refundedTotal'>): string | null {
  if (order.refundedTotal <= 0) return null;
  return reaisToCents(order.refundedTotal) >= reaisToCents(order.total)
    ? refundMessages.refundedLabel
    : refundMessages.partialRefundLabel(formatBRL(order.refundedTotal));
}

/**
 * The order list's status (spec §4): a paid order reads 'Aprovado ✔' with its
 * stage in parentheses; any other shows the order status with the payment's
 * ('Cancelado (Reembolsado)' once all went back). Money given back while the
 * payment still reads otherwise (a partial refund) follows after a '·'
 * (issue 38): 'Aprovado ✔ (Entregue) · Reembolso parcial de R$ 20,00'.
 */
export function combinedStatusLabel(
  order: Pick<OrderDto, 'orderStatus' | 'paymentStatus' | 'total' | 'refundedTotal'>,
): string {
  const status =
    order.paymentStatus === 'approved'
      ? `Aprovado ✔ (${orderStatusLabel(order.orderStatus)})`
      : `${orderStatusLabel(order.orderStatus)} (${paymentStatusLabel(order.paymentStatus)})`;
  const refund = order.paymentStatus === 'refunded' ? null : refundLabel(order);
  return refund ? `${status} · ${refund}` : status;
}

/** dd/MM/yyyy in the shop's time zone, or null for a date that cannot be read. */
export function formatShopDay(text: string): string | null {
  const instant = shopInstantOf(text);
  return instant ? shopDayOf(instant) : null;
}

/** HH:mm in the shop's time zone. */
export function formatShopTime(text: string): string | null {
  const instant = shopInstantOf(text);
  return instant ? formatShopClock(instant) : null;
}

/** Units in an order ("3 itens" counts lines). */
export function itemsSummary(order: Pick<OrderDto, 'items'>): string {
  const count = order.items.length;
  return `${count} ${count === 1 ? 'item' : 'itens'}`;
}

/** A line's subtotal in reais, computed in centavos. */
export function lineTotal(line: OrderDto['items'][number]): number {
  return centsToReais(reaisToCents(line.item.price) * line.quantity);
}

/** An order's lines as OrderLines shows them. */
export function orderLines(order: Pick<OrderDto, 'items'>): OrderLine[] {
  return order.items.map((line) => ({
    key: line.item.productId || line.item.name,
    quantity: line.quantity,
    name: line.item.name,
    amount: lineTotal(line),
  }));
}
