import type { OrderDto } from '@quitute/contracts';
import { useId } from 'react';
import { OrderLines } from '../../../components/order-lines';
import { Pending } from '../../../components/pending';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { addressLine } from '../../../lib/address-line';
import { useGetOrderQuery } from '../api/orders-api';
import { formatShopDay, formatShopTime, orderLines } from '../model/order-labels';
import { orderTexts } from '../model/order-texts';
import styles from './orders.module.css';

/** Where the order is handed over: the shop (its settings' address) for a pickup, hers for a delivery. */
export function HandoverPlace({
  order,
}: {
  order: Pick<OrderDto, 'deliveryType' | 'customerAddress'>;
}) {
  const shop = useShopSettings();
  if (order.deliveryType === 'pickup') {
    return shop ? addressLine(shop.address) : <Pending width="long" />;
  }
  return order.customerAddress ? addressLine(order.customerAddress) : '—';
}

/**
 * The order just paid, in short (issue 36, beside /success's spec texts): its
 * items, total, and the day, time and place it is picked up or delivered.
 */
export function PlacedOrderSummary({ orderId }: { orderId: string }) {
  const headingId = useId();
  const { data: order, isError } = useGetOrderQuery(orderId);
  if (isError) return <p className={styles.muted}>{orderTexts.detailsFailed}</p>;
  if (!order) return null;
  const pickup = order.deliveryType === 'pickup';
  const day = formatShopDay(order.deliveryDate) ?? order.deliveryDate;
  const time = formatShopTime(order.deliveryDate) ?? '—';
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Resumo do pedido
      </h2>
      <OrderLines
        lines={orderLines(order)}
        deliveryFee={order.deliveryFee}
        total={order.total}
        size="summary"
      />
      <dl className={styles.handover}>
        <div>
          <dt>{pickup ? 'Retirada' : 'Entrega'}</dt>
          <dd>
            {day} às {time}
          </dd>
        </div>
        <div>
          <dt>{pickup ? 'Local de retirada' : 'Endereço de entrega'}</dt>
          <dd>
            <HandoverPlace order={order} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
