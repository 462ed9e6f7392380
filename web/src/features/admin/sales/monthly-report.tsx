import { FIRST_REPORT_MONTH, FIRST_REPORT_YEAR, type TopProductsRanking } from '@quitute/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import forms from '../../../components/form.module.css';
import { PageLoading } from '../../../components/page-loading';
import { useGetMonthlyReportQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { DataTable, Empty, FormError } from '../components/page-parts';
import { RankingToggle } from '../components/ranking-toggle';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatDay, formatGrowth, formatMoney, salesCount, shopMonth } from '../model/admin-format';
import { saleTexts } from '../model/admin-texts';
import { DailyRevenueChart, WeekdayChart } from './sales-charts';

/** admin-spec §5: the month picker's minimum. */
export const MIN_REPORT_MONTH = `${FIRST_REPORT_YEAR}-${String(FIRST_REPORT_MONTH).padStart(2, '0')}`;

function parseMonth(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** A growth figure; '—' when the previous month's figure was zero (no percentage of nothing). */
function Growth({ value, previous, label }: { value: number; previous: number; label: string }) {
  if (previous === 0) return <span>{label}: —</span>;
  const className = value > 0 ? styles.growthUp : value < 0 ? styles.growthDown : '';
  return (
    <span>
      {label}: <span className={className}>{formatGrowth(value)}</span>
    </span>
  );
}

/** 'Relatórios Mensais' (admin-spec §2): a month from 2020-01 to the current month and its figures. */
export function MonthlyReportTab({ now = () => new Date() }: { now?: () => Date }) {
  const [maxMonth] = useState(() => shopMonth(now()));
  const [month, setMonth] = useState(maxMonth);
  const pickerId = useId();
  const asked = parseMonth(month);
  const report = useGetMonthlyReportQuery(asked ?? { year: 0, month: 0 }, { skip: !asked });
  const data = report.currentData;
  const [ranking, setRanking] = useState<TopProductsRanking>('units');
  const topProducts = ranking === 'units' ? data?.topProducts : data?.topProductsByRevenue;

  return (
    <>
      <div className={styles.toolbar}>
        <div className={`${forms.field} ${styles.narrowField}`}>
          <label className={forms.label} htmlFor={pickerId}>
            Mês
          </label>
          <input
            id={pickerId}
            className={forms.input}
            type="month"
            min={MIN_REPORT_MONTH}
            max={maxMonth}
            value={month}
            required
            onChange={(event) => {
              const value = event.target.value;
              // Months outside 2020-01…the current month are not asked for (admin-spec §5).
              if (parseMonth(value) && value >= MIN_REPORT_MONTH && value <= maxMonth) {
                setMonth(value);
              }
            }}
          />
        </div>
      </div>
      {report.error ? (
        <FormError>{errorMessage(report.error, saleTexts.reportFailed)}</FormError>
      ) : null}
      {report.isFetching && !data ? <PageLoading label={saleTexts.reportLoading} /> : null}
      {data ? (
        <>
          <StatGrid label="Resumo do mês">
            <StatCard label="Receita Total" value={formatMoney(data.totalRevenue)} tone="success" />
            <StatCard label="Total de Vendas" value={data.totalSales} />
            <StatCard label="Ticket Médio" value={formatMoney(data.averageTicket)} tone="info" />
            <StatCard
              label="Melhor Dia"
              value={
                data.bestDay ? (
                  <>
                    {formatDay(data.bestDay.date)}
                    <span className={styles.statSub}>
                      {formatMoney(data.bestDay.revenue)} · {salesCount(data.bestDay.sales)}
                    </span>
                  </>
                ) : (
                  '—'
                )
              }
              tone="warning"
            />
            {/* Issue 37: the Receita Total split into what the products and the deliveries brought in. */}
            <StatCard label="Receita de produtos" value={formatMoney(data.productRevenue)} />
            <StatCard label="Taxa de entrega" value={formatMoney(data.deliveryFees)} />
          </StatGrid>
          {/* Against a month without sales, a percentage would be made up (the API's 100). */}
          {data.growthComparison.previousMonth.totalSales === 0 ? (
            <p className={styles.note}>{saleTexts.noPreviousMonth}</p>
          ) : (
            <p className={styles.note}>
              <Growth
                label="Crescimento da receita"
                value={data.growthComparison.growthPercentage.revenue}
                previous={data.growthComparison.previousMonth.totalRevenue}
              />
              {' · '}
              <Growth
                label="Crescimento das vendas"
                value={data.growthComparison.growthPercentage.sales}
                previous={data.growthComparison.previousMonth.totalSales}
              />
              {' em relação ao mês anterior'}
            </p>
          )}
          {data.totalSales === 0 ? <Empty>{saleTexts.noReportData}</Empty> : null}
          <div className={styles.panels}>
            <section className={styles.panel} aria-labelledby="receita-diaria">
              <div className={styles.panelHeader}>
                <h2 id="receita-diaria">Receita Diária</h2>
              </div>
              <DailyRevenueChart days={data.dailyBreakdown} />
            </section>
            <section className={styles.panel} aria-labelledby="receita-semana">
              <div className={styles.panelHeader}>
                <h2 id="receita-semana">Receita Média por Dia da Semana</h2>
              </div>
              <WeekdayChart weekdays={data.weekdayAnalysis} />
            </section>
          </div>
          <section className={styles.panel} aria-labelledby="top-produtos">
            <div className={styles.panelHeader}>
              <h2 id="top-produtos">Top 5 Produtos</h2>
            </div>
            <RankingToggle
              label="Ordenar o top 5 de produtos"
              ranking={ranking}
              onChange={setRanking}
            />
            {!topProducts?.length ? (
              <Empty>Nenhum produto vendido neste mês.</Empty>
            ) : (
              <DataTable label="Top 5 produtos" columns={['Produto', 'Quantidade', 'Receita']}>
                {topProducts.map((product) => (
                  <tr key={product.productName}>
                    <td className={styles.wrap}>{product.productName}</td>
                    <td>{product.quantity}</td>
                    <td className={styles.money}>{formatMoney(product.revenue)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
