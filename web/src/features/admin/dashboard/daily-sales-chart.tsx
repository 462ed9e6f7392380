import type { DailySalesPoint } from '@quitute/contracts';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartBox, moneyTick, moneyTooltip } from '../components/charts';
import { formatDay, formatShortDay } from '../model/admin-format';
import { CHART_PINK, DASHBOARD_CHART_HEIGHT } from '../model/admin-constants';

/** admin-spec §2: the month's daily sales, a pink line named 'Vendas', 300 px high. */
export function DailySalesChart({ points }: { points: DailySalesPoint[] }) {
  return (
    <ChartBox label="Gráfico de vendas diárias do mês" height={DASHBOARD_CHART_HEIGHT}>
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#ead9c4" />
        <XAxis dataKey="date" tickFormatter={formatShortDay} />
        <YAxis tickFormatter={moneyTick} width={80} />
        <Tooltip
          formatter={moneyTooltip}
          labelFormatter={(label) => (typeof label === 'string' ? formatDay(label) : label)}
        />
        <Line
          type="monotone"
          dataKey="total"
          name="Vendas"
          stroke={CHART_PINK}
          strokeWidth={3}
          dot={false}
        />
      </LineChart>
    </ChartBox>
  );
}
