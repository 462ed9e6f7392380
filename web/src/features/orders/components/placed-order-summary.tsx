import { formatBRL, type OrderDto } from '@quitute/contracts';
import { useId } from 'react';
import { SHOP_ADDRESS } from '../../../config/shop';
import { useGetOrderQuery } from '../api/orders-api';
import { formatShopDay, formatShopTime, lineTotal } from '../model/order-labels';
import { orderTexts } from '../model/order-texts';
import styles from './orders.module.css';

/** Where the order is handed over: the shop for a pickup, her address for a delivery. */
export function handoverPlace(order: Pick<OrderDto, 'deliveryType' | 'customerAddress'>): string {
  if (order.deliveryType === 'pickup') return SHOP_ADDRESS;
  const address = order.customerAddress;
  if (!address) return '—';
  const street = [address.streetName, address.streetNumber].filter(Boolean).join(', ');
  return `${street} – ${address.neighborhood}, ${address.city} – ${address.federalUnit}`;
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
      <ul className={styles.summaryLines}>
        {order.items.map((line) => (
          <li key={line.item.productId || line.item.name}>
            <span>
              {line.quantity}x {line.item.name}
            </span>
            <span className={styles.money}>{formatBRL(lineTotal(line))}</span>
          </li>
        ))}
      </ul>
      <p className={styles.summaryTotal}>
        <span>Total</span>
        <span className={styles.money}>{formatBRL(order.total)}</span>
      </p>
      <dl className={styles.handover}>
        <div>
          <dt>{pickup ? 'Retirada' : 'Entrega'}</dt>
          <dd>
            {day} às {time}
          </dd>
        </div>
        <div>
          <dt>{pickup ? 'Local de retirada' : 'Endereço de entrega'}</dt>
          <dd>{handoverPlace(order)}</dd>
        </div>
      </dl>
    </section>
  );
}
