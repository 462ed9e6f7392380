import type { OrderDto } from '@quitute/contracts';
import { combinedStatusLabel } from '../model/order-labels';
import styles from './orders.module.css';

/** The list's combined status (spec §4), coloured by how the payment stands. */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<OrderDto, 'orderStatus' | 'paymentStatus' | 'total' | 'refundedTotal'>;
}) {
  const tone =
    order.paymentStatus === 'approved'
      ? styles.approved
      : order.orderStatus === 'cancelled'
        ? styles.cancelled
        : styles.waiting;
  return <span className={`${styles.badge} ${tone}`}>{combinedStatusLabel(order)}</span>;
}
