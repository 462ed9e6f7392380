import { formatBRL, PROFILE_RECENT_ORDERS } from '@quitute/contracts';
import { Link } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { useGetOrdersQuery } from '../api/orders-api';
import { formatShopDay, itemsSummary } from '../model/order-labels';
import { orderTexts } from '../model/order-texts';
import { OrderStatusBadge } from './order-status-badge';
import styles from './orders.module.css';

/** The profile's table of the 3 most recent orders (spec §2); the profile links to all of them. */
export function RecentOrders() {
  const { data, error, isLoading } = useGetOrdersQuery(
    { limit: PROFILE_RECENT_ORDERS },
    { refetchOnMountOrArgChange: true },
  );
  let note: string | null = null;
  if (isLoading) note = orderTexts.loading;
  else if (error) {
    note =
      httpStatus(error) === 401
        ? orderTexts.loginRequired
        : errorMessage(error, orderTexts.loadFailed);
  } else if (data?.length === 0) note = orderTexts.noOrders;

  return (
    <section className={styles.recent} aria-labelledby="pedidos-recentes">
      <h2 id="pedidos-recentes" className={styles.sectionTitle}>
        Pedidos Recentes
      </h2>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stacked}`}>
          <thead>
            <tr>
              <th scope="col">Pedido #</th>
              <th scope="col">Data</th>
              <th scope="col">Itens</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {note !== null ? (
              <tr>
                <td colSpan={5} className={styles.emptyCell}>
                  {note}
                </td>
              </tr>
            ) : (
              data?.map((order) => (
                <tr key={order._id}>
                  <td data-label="Pedido #">
                    <Link to={`/my-orders/${encodeURIComponent(order._id)}`}>
                      {order.orderNumber}
                    </Link>
                  </td>
                  <td data-label="Data">{formatShopDay(order.createdAt) ?? '—'}</td>
                  <td data-label="Itens">{itemsSummary(order)}</td>
                  <td data-label="Total" className={styles.money}>
                    {formatBRL(order.total)}
                  </td>
                  <td data-label="Status">
                    <OrderStatusBadge order={order} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
