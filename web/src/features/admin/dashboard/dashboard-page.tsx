import type { TopProductsRanking } from '@quitute/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import {
  useGetDailySalesQuery,
  useGetOrdersTodayQuery,
  useGetRecentOrdersQuery,
  useGetSalesMonthQuery,
  useGetSalesTodayQuery,
  useGetTopSellingProductsQuery,
} from '../api/admin-api';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { Badge } from '../components/badge';
import { Empty, FormError, PageTitle } from '../components/page-parts';
import { RankingToggle } from '../components/ranking-toggle';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatMoney, unitsSold } from '../model/admin-format';
import { dashboardPaymentLabel, paymentStatusTone } from '../model/admin-labels';
import { adminTexts, dashboardTexts } from '../model/admin-texts';
import { DailySalesChart } from './daily-sales-chart';

/** /admin (admin-spec §2 "Dashboard"). */
export function DashboardPage() {
  const session = useAdminSession();
  // admin-spec §2: data loads only with a token and the admin role.
  const skip = !isAdmin(session);
  const ordersToday = useGetOrdersTodayQuery(undefined, { skip });
  const salesToday = useGetSalesTodayQuery(undefined, { skip });
  const salesMonth = useGetSalesMonthQuery(undefined, { skip });
  const recent = useGetRecentOrdersQuery(undefined, { skip });
  const [ranking, setRanking] = useState<TopProductsRanking>('units');
  const top = useGetTopSellingProductsQuery(ranking, { skip });
  const daily = useGetDailySalesQuery(undefined, { skip });

  if (skip) {
    return (
      <section>
        <PageTitle>{adminTexts.accessDenied}</PageTitle>
        <FormError>{dashboardTexts.denied}</FormError>
      </section>
    );
  }

  const queries = [ordersToday, salesToday, salesMonth, recent, top, daily];
  if (queries.some((query) => query.isLoading)) {
    return (
      <>
        <PageTitle>{dashboardTexts.title}</PageTitle>
        <PageLoading label={dashboardTexts.loading} />
      </>
    );
  }

  const statsError = ordersToday.error ?? salesToday.error ?? salesMonth.error;
  const chartHasSales = (daily.data ?? []).some((point) => point.total > 0);

  return (
    <>
      <PageTitle>{dashboardTexts.title}</PageTitle>
      {statsError ? (
        <FormError>{errorMessage(statsError, dashboardTexts.statsFailed)}</FormError>
      ) : null}
      <StatGrid label="Resumo de hoje">
        <StatCard label="Pedidos Hoje" value={ordersToday.data?.count ?? 0} to="/admin/orders" />
        <StatCard
          label="Vendas Hoje"
          value={formatMoney(salesToday.data?.total ?? 0)}
          to="/admin/orders"
          tone="success"
        />
        <StatCard
          label="Vendas do Mês"
          value={formatMoney(salesMonth.data?.total ?? 0)}
          to="/admin/sales"
          tone="info"
        />
      </StatGrid>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="pedidos-recentes">
          <div className={styles.panelHeader}>
            <h2 id="pedidos-recentes">Pedidos Recentes</h2>
            <Link to="/admin/orders">Ver Todos os Pedidos</Link>
          </div>
          {recent.error ? (
            <FormError>{errorMessage(recent.error, dashboardTexts.recentOrdersFailed)}</FormError>
          ) : !recent.data?.length ? (
            <Empty>{dashboardTexts.noRecentOrders}</Empty>
          ) : (
            <ul className={styles.list}>
              {recent.data.map((order) => (
                <li key={order.id} className={styles.listRow}>
                  <span>
                    <strong>#{order.orderNumber}</strong> {order.customerName}
                  </span>
                  <span className={styles.money}>{formatMoney(order.total)}</span>
                  <Badge tone={paymentStatusTone(order.paymentStatus)}>
                    {dashboardPaymentLabel(order.paymentStatus)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="mais-vendidos">
          <div className={styles.panelHeader}>
            <h2 id="mais-vendidos">Produtos Mais Vendidos</h2>
            <Link to="/admin/products">Gerenciar Produtos</Link>
          </div>
          <RankingToggle
            label="Ordenar produtos mais vendidos"
            ranking={ranking}
            onChange={setRanking}
          />
          {top.error ? (
            <FormError>{errorMessage(top.error, dashboardTexts.topProductsFailed)}</FormError>
          ) : !top.data?.length ? (
            <Empty>{dashboardTexts.noTopProducts}</Empty>
          ) : (
            <ul className={styles.list}>
              {top.data.map((product) => (
                <li key={product._id} className={styles.listRow}>
                  <span>
                    <strong>{product.name}</strong>{' '}
                    <span className={styles.muted}>{product.category}</span>
                  </span>
                  <span>{unitsSold(product.quantitySold)}</span>
                  <span className={styles.money}>{formatMoney(product.totalSales)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className={styles.panel} aria-labelledby="vendas-do-mes">
        <div className={styles.panelHeader}>
          <h2 id="vendas-do-mes">Vendas Diárias do Mês</h2>
        </div>
        {daily.error ? (
          <FormError>{errorMessage(daily.error, dashboardTexts.chartFailed)}</FormError>
        ) : chartHasSales && daily.data ? (
          <DailySalesChart points={daily.data} />
        ) : (
          <Empty>{dashboardTexts.noChartData}</Empty>
        )}
      </section>
    </>
  );
}
