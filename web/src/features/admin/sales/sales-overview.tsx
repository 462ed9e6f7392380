import { errorMessage } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import { useGetSalesDailyChartQuery, useGetSalesStatsQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { Empty, FormError } from '../components/page-parts';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatMoney, salesCount } from '../model/admin-format';
import { saleTexts } from '../model/admin-texts';
import { DailyChart } from './sales-charts';

/** 'Visão Geral' (admin-spec §2): four stat cards and the last 30 days' chart. */
export function SalesOverview() {
  const stats = useGetSalesStatsQuery(undefined);
  const chart = useGetSalesDailyChartQuery(undefined);
  const points = chart.data ?? [];
  const hasSales = points.some((point) => point.onlineTotal > 0 || point.physicalTotal > 0);
  return (
    <>
      {stats.error ? (
        <FormError>{errorMessage(stats.error, saleTexts.statsFailed)}</FormError>
      ) : null}
      <StatGrid label="Estatísticas de vendas">
        <StatCard label="Vendas no Mês" value={stats.data?.totalSales ?? '—'} />
        <StatCard
          label="Receita do Mês"
          value={stats.data ? formatMoney(stats.data.monthlyRevenue) : '—'}
          tone="success"
        />
        <StatCard
          label="Ticket Médio"
          value={stats.data ? formatMoney(stats.data.averageTicket) : '—'}
          tone="info"
        />
        <StatCard
          label="Total Geral"
          value={
            stats.data ? (
              <>
                {formatMoney(stats.data.lifetimeTotalRevenue)}
                <span className={styles.statSub}>{salesCount(stats.data.lifetimeTotalSales)}</span>
              </>
            ) : (
              '—'
            )
          }
          tone="warning"
        />
      </StatGrid>
      <section className={styles.panel} aria-labelledby="vendas-diarias">
        <div className={styles.panelHeader}>
          <h2 id="vendas-diarias">{saleTexts.chartTitle}</h2>
        </div>
        {chart.isLoading ? (
          <PageLoading />
        ) : hasSales ? (
          <DailyChart points={points} />
        ) : (
          <Empty>{saleTexts.noChartData}</Empty>
        )}
      </section>
    </>
  );
}
