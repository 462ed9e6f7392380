import {
  ADMIN_ORDER_SORT_LABELS,
  ADMIN_ORDER_SORTS,
  type AdminOrderDto,
  type AdminOrderSort,
  type OrderStatus,
} from '@quitute/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { orderFilters, useGetAdminOrdersQuery, useGetOrderStatsQuery } from '../api/admin-api';
import { FilterSelect } from '../../../components/filter-select';
import { FormField } from '../../../components/form-field';
import { useDeleteOrderMutation, useUpdateOrderStatusMutation } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { useAdminSession } from '../components/admin-session';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CsvExportButton } from '../components/csv-export-button';
import { ListToolbar } from '../components/list-toolbar';
import { MessageDialog } from '../components/message-dialog';
import { FormError, ListTable, PageRefused, PageTitle } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { StatCard, StatGrid } from '../components/stat-card';
import { useListFilters } from '../hooks/use-list-filters';
import { useOutcome } from '../hooks/use-outcome';
import { SEARCH_DEBOUNCE_MS } from '../model/admin-constants';
import { formatDay, formatDayTime, formatMoney } from '../model/admin-format';
import {
  deliveryTypeLabel,
  isOrderStatus,
  ORDER_STATUS_OPTIONS,
  orderStatusLabel,
  orderStatusTone,
} from '../model/admin-labels';
import { orderTexts } from '../model/admin-texts';
import { OrderStatusDialog } from './order-status-dialog';
import { PaymentBadge } from './payment-badge';
import { EmailText } from '../../../components/email-text';

const ALL_STATUSES = 'Todos';
const STATUS_FILTER_OPTIONS = [{ value: '', label: ALL_STATUSES }, ...ORDER_STATUS_OPTIONS];
const SORT_OPTIONS = ADMIN_ORDER_SORTS.map((sort) => ({
  value: sort,
  label: ADMIN_ORDER_SORT_LABELS[sort],
}));

function sortOf(value: string): AdminOrderSort {
  return ADMIN_ORDER_SORTS.find((sort) => sort === value) ?? 'createdAt_desc';
}

/** /admin/orders (admin-spec §2 "Orders page"). */
export function OrdersPage() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const list = useListFilters<OrderStatus | ''>('', SEARCH_DEBOUNCE_MS);
  // Issue 40: the orders for one day, and their order (by delivery date for the kitchen).
  const [deliveryDate, setDeliveryDate] = useState('');
  const [sort, setSort] = useState<AdminOrderSort>('createdAt_desc');
  const skip = !session.hasToken;
  const filters = { search: list.search, orderStatus: list.filter, deliveryDate, sort };
  const orders = useGetAdminOrdersQuery({ page: list.page, ...filters }, { skip });
  const stats = useGetOrderStatsQuery(undefined, { skip });
  const [updateStatus, updating] = useUpdateOrderStatusMutation();
  const [deleteOrder, deleting] = useDeleteOrderMutation();
  const [statusOrder, setStatusOrder] = useState<AdminOrderDto | null>(null);
  const [deletingOrder, setDeletingOrder] = useState<AdminOrderDto | null>(null);
  const { outcome, show, clear } = useOutcome();

  const status = httpStatus(orders.error);
  const unauthorised = status === 401 || status === 403;
  useEffect(() => {
    // admin-spec §8: on orders, a 401 or 403 goes to the login page.
    if (unauthorised) void navigate('/login', { replace: true });
  }, [unauthorised, navigate]);

  useEffect(() => {
    // admin-spec §8: a failure to load the order stats is only logged.
    if (stats.error) console.error('Falha ao carregar estatísticas de pedidos.', stats.error);
  }, [stats.error]);

  if (!session.hasToken) {
    return <PageRefused title={orderTexts.title} reason={orderTexts.loginToSee} />;
  }

  const totalPages = list.pageCount(orders.currentData);
  const rows = orders.currentData?.orders ?? [];

  const saveStatus = async (orderStatus: OrderStatus) => {
    if (!statusOrder) return;
    const result = await updateStatus({ id: statusOrder._id, orderStatus });
    setStatusOrder(null);
    if (result.error) show('error', errorMessage(result.error, orderTexts.statusFailed));
    else if (result.data?.status === 'failed') {
      // Cancelled, but the provider did not confirm the refund: the order's page retries it.
      show('error', `${orderTexts.statusUpdated} ${result.data.message}`);
    } else if (result.data) show('success', `${orderTexts.statusUpdated} ${result.data.message}`);
    else show('success', orderTexts.statusUpdated);
  };

  const confirmDelete = async () => {
    if (!deletingOrder) return;
    const result = await deleteOrder(deletingOrder._id);
    setDeletingOrder(null);
    if (result.error) show('error', errorMessage(result.error, orderTexts.deleteFailed));
    else show('success', orderTexts.deleted);
  };

  return (
    <>
      <PageTitle>{orderTexts.title}</PageTitle>
      <StatGrid label="Estatísticas de pedidos">
        <StatCard label="Total de Pedidos" value={stats.data?.totalOrders ?? '—'} />
        <StatCard label="Pendentes" value={stats.data?.pendingOrders ?? '—'} tone="warning" />
        <StatCard label="Em Preparação" value={stats.data?.processingOrders ?? '—'} tone="info" />
        <StatCard label="Entregues" value={stats.data?.deliveredOrders ?? '—'} tone="success" />
        <StatCard label="Cancelados" value={stats.data?.cancelledOrders ?? '—'} tone="danger" />
      </StatGrid>
      <ListToolbar
        list={list}
        search={{ label: 'Buscar pedidos', placeholder: 'Número do pedido ou cliente...' }}
        filter={{
          label: 'Status',
          options: STATUS_FILTER_OPTIONS,
          parse: (value) => (isOrderStatus(value) ? value : ''),
        }}
      >
        <FormField
          label={orderTexts.deliveryDateFilter}
          type="date"
          value={deliveryDate}
          onChange={(event) => {
            setDeliveryDate(event.target.value);
            list.setPage(1);
          }}
        />
        <FilterSelect
          label={orderTexts.sortLabel}
          value={sort}
          options={SORT_OPTIONS}
          onChange={(value) => {
            setSort(sortOf(value));
            list.setPage(1);
          }}
        />
        <CsvExportButton
          path="/api/admin/orders.csv"
          query={orderFilters(filters)}
          fallbackName="pedidos.csv"
          onError={(message) => show('error', message)}
        />
      </ListToolbar>
      <p className={styles.debug}>
        Filtro: {list.filter ? orderStatusLabel(list.filter) : ALL_STATUSES} | Página: {list.page} |
        Pedidos: {rows.length} de {orders.currentData?.total ?? 0}
      </p>
      {orders.error && !unauthorised ? (
        <FormError>{errorMessage(orders.error, orderTexts.loadFailed)}</FormError>
      ) : null}
      <ListTable
        list={orders}
        rowCount={rows.length}
        loadingText={orderTexts.loading}
        emptyText={orderTexts.empty}
        label="Pedidos"
        columns={[
          'Pedido',
          'Cliente',
          'Total',
          'Itens',
          'Entrega',
          'Status',
          'Pagamento',
          'Criado em',
          'Ações',
        ]}
      >
        {rows.map((order) => (
          <tr key={order._id}>
            <td>
              <strong>#{order.orderNumber}</strong>
              <br />
              <code className={`${styles.muted} ${styles.longId}`}>{order._id}</code>
            </td>
            <td className={styles.wrap}>
              {order.customerName}
              <br />
              <span className={`${styles.muted} ${styles.email}`}>
                <EmailText email={order.customerEmail} />
              </span>
            </td>
            <td className={styles.money}>{formatMoney(order.total)}</td>
            <td className={styles.wrap}>
              {order.items.map((line, index) => (
                <div key={`${line.item.productId}-${index}`}>
                  {line.quantity} x {line.item.name}
                </div>
              ))}
            </td>
            <td className={styles.narrow}>
              {deliveryTypeLabel(order.deliveryType)}
              <br />
              <span className={styles.muted}>{formatDayTime(order.deliveryDate)}</span>
            </td>
            <td className={styles.narrow}>
              <Badge tone={orderStatusTone(order.orderStatus)}>
                {orderStatusLabel(order.orderStatus)}
              </Badge>
            </td>
            <td className={styles.narrow}>
              <PaymentBadge status={order.paymentStatus} />
            </td>
            <td>{formatDay(order.createdAt)}</td>
            <td>
              <div className={styles.rowActionsStacked} data-primary-action>
                <Link
                  className={styles.iconButton}
                  to={`/admin/orders/${encodeURIComponent(order._id)}`}
                  aria-label={`Ver detalhes do pedido ${order.orderNumber}`}
                >
                  Ver
                </Link>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Atualizar status do pedido ${order.orderNumber}`}
                  onClick={() => setStatusOrder(order)}
                >
                  Status
                </button>
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.danger}`}
                  aria-label={`Excluir pedido ${order.orderNumber}`}
                  onClick={() => setDeletingOrder(order)}
                >
                  Excluir
                </button>
              </div>
            </td>
          </tr>
        ))}
      </ListTable>
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {statusOrder ? (
        <OrderStatusDialog
          order={statusOrder}
          saving={updating.isLoading}
          onSave={(value) => void saveStatus(value)}
          onClose={() => setStatusOrder(null)}
        />
      ) : null}
      {deletingOrder ? (
        <ConfirmDialog
          message={orderTexts.deleteConfirm(deletingOrder._id)}
          busy={deleting.isLoading}
          onCancel={() => setDeletingOrder(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
