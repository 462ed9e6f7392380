import {
  CUSTOMER_ORDER_STATUS_FILTERS,
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_DATE_FILTERS,
  ORDER_PAGE_SIZES,
  ORDER_STATUSES,
  type OrderDto,
  type OrdersQuery,
  type OrderStatus,
} from '@quitute/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FilterSelect } from '../../../components/filter-select';
import forms from '../../../components/form.module.css';
import { OrderLines } from '../../../components/order-lines';
import { PageLoading } from '../../../components/page-loading';
import { FEEDBACK_MS } from '../../../config/ui';
import { useGetOrdersQuery } from '../api/orders-api';
import {
  deliveryTypeLabel,
  formatShopDay,
  formatShopTime,
  orderLines,
} from '../model/order-labels';
import { orderTexts } from '../model/order-texts';
import { OrderStatusBadge } from './order-status-badge';
import styles from './orders.module.css';
import { useTimedError } from './use-timed-error';

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

const SIZE_OPTIONS = ORDER_PAGE_SIZES.map((size) => ({
  value: String(size),
  label: `${size} pedidos`,
}));
const STATUS_OPTIONS = [{ value: '', label: 'Todos' }, ...CUSTOMER_ORDER_STATUS_FILTERS];
const PERIOD_OPTIONS = [
  { value: '', label: 'Todos' },
  ...ORDER_DATE_FILTERS.map((days) => ({ value: String(days), label: `Últimos ${days} dias` })),
];

function OrderCard({
  order,
  repeating,
  onRepeat,
}: {
  order: OrderDto;
  repeating: boolean;
  onRepeat: () => void;
}) {
  const headingId = useId();
  const day = formatShopDay(order.createdAt);
  const time = formatShopTime(order.createdAt);
  return (
    <li>
      <article className={styles.card} aria-labelledby={headingId}>
        <header className={styles.cardHeader}>
          <h2 id={headingId} className={styles.cardTitle}>
            Pedido #{order.orderNumber}
          </h2>
          <OrderStatusBadge order={order} />
        </header>
        {day ? (
          <p className={styles.muted}>
            Feito em {day}
            {time ? ` às ${time}` : ''} · {deliveryTypeLabel(order.deliveryType)}
          </p>
        ) : null}
        <OrderLines
          lines={orderLines(order)}
          deliveryFee={order.deliveryFee}
          total={order.total}
          size="compact"
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.secondary}
            disabled={repeating}
            onClick={onRepeat}
          >
            {repeating ? 'Adicionando...' : 'Repetir Pedido'}
          </button>
          <Link className={buttons.button} to={`/my-orders/${encodeURIComponent(order._id)}`}>
            Ver Detalhes
          </Link>
        </div>
      </article>
    </li>
  );
}

export interface OrdersPageProps {
  /** Puts the order's lines in the cart again; resolves true when all went in. */
  onRepeat: (order: OrderDto) => Promise<boolean>;
}

/** /orders (spec §2 "Orders history", §7, §8). */
export function OrdersPage({ onRepeat }: OrdersPageProps) {
  const navigate = useNavigate();
  const [limit, setLimit] = useState<number>(DEFAULT_ORDER_PAGE_SIZE);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [period, setPeriod] = useState('');
  const [repeatingId, setRepeatingId] = useState<string | null>(null);
  const filters: OrdersQuery = {
    limit,
    ...(status ? { orderStatus: status } : {}),
    ...(period ? { dateFilter: Number(period) } : {}),
  };
  const {
    currentData: data,
    error,
    isFetching,
  } = useGetOrdersQuery(filters, { refetchOnMountOrArgChange: true });
  const showError = useTimedError(error, FEEDBACK_MS);
  const errorText =
    httpStatus(error) === 401
      ? orderTexts.loginRequired
      : errorMessage(error, orderTexts.loadFailed);

  const repeat = async (order: OrderDto) => {
    if (repeatingId) return;
    setRepeatingId(order._id);
    const added = await onRepeat(order);
    setRepeatingId(null);
    if (added) void navigate('/carrinho');
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Meus Pedidos</h1>
      <div className={styles.filters} role="group" aria-label="Filtros">
        <FilterSelect
          label="Exibir"
          value={String(limit)}
          options={SIZE_OPTIONS}
          onChange={(value) => setLimit(Number(value))}
        />
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => setStatus(isOrderStatus(value) ? value : '')}
        />
        <FilterSelect
          label="Período"
          value={period}
          options={PERIOD_OPTIONS}
          onChange={setPeriod}
        />
      </div>
      {showError ? (
        <p className={`${forms.message} ${forms.error}`} role="alert">
          {errorText}
        </p>
      ) : null}
      {isFetching && !data ? <PageLoading label={orderTexts.loading} /> : null}
      {data && !error ? (
        data.length === 0 ? (
          <p className={styles.empty}>{orderTexts.noOrdersFound}</p>
        ) : (
          <ul className={styles.list} aria-label="Pedidos" aria-busy={isFetching}>
            {data.map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                repeating={repeatingId === order._id}
                onRepeat={() => void repeat(order)}
              />
            ))}
          </ul>
        )
      ) : null}
      <Link className={buttons.ghost} to="/perfil">
        Voltar para Perfil
      </Link>
    </div>
  );
}
