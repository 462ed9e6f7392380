import type { DailyChartPoint, MonthlyReport } from '@quitute/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartBox, moneyTick, moneyTooltip } from '../components/charts';
import { formatDay, formatShortDay } from '../model/admin-format';
import { CHART_ONLINE, CHART_PHYSICAL, CHART_PINK } from '../model/admin-constants';

const HEIGHT = 300;
const GRID = '#ead9c4';

/** admin-spec §2: the last 30 days, Online and Físicas stacked. */
export function DailyChart({ points }: { points: DailyChartPoint[] }) {
  return (
    <ChartBox label="Gráfico de vendas diárias dos últimos 30 dias" height={HEIGHT}>
      <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis dataKey="date" tickFormatter={formatShortDay} />
        <YAxis tickFormatter={moneyTick} width={80} />
        <Tooltip
          formatter={moneyTooltip}
          labelFormatter={(label) => (typeof label === 'string' ? formatDay(label) : label)}
        />
        <Legend />
        <Bar dataKey="onlineTotal" name="Online" stackId="vendas" fill={CHART_ONLINE} />
        <Bar dataKey="physicalTotal" name="Físicas" stackId="vendas" fill={CHART_PHYSICAL} />
      </BarChart>
    </ChartBox>
  );
}

/** The month's revenue day by day. */
export function DailyRevenueChart({ days }: { days: MonthlyReport['dailyBreakdown'] }) {
  return (
    <ChartBox label="Gráfico da receita diária do mês" height={HEIGHT}>
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis dataKey="day" />
        <YAxis tickFormatter={moneyTick} width={80} />
        <Tooltip formatter={moneyTooltip} labelFormatter={(day) => `Dia ${String(day)}`} />
        <Line
          type="monotone"
          dataKey="revenue"
          name="Receita"
          stroke={CHART_PINK}
          strokeWidth={3}
          dot={false}
        />
      </LineChart>
    </ChartBox>
  );
}

/** Average revenue per weekday, Sunday first. */
export function WeekdayChart({ weekdays }: { weekdays: MonthlyReport['weekdayAnalysis'] }) {
  return (
    <ChartBox label="Gráfico da receita média por dia da semana" height={HEIGHT}>
      <BarChart data={weekdays} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis dataKey="weekday" />
        <YAxis tickFormatter={moneyTick} width={80} />
        <Tooltip formatter={moneyTooltip} />
        <Bar dataKey="avgRevenue" name="Receita média" fill={CHART_ONLINE} />
      </BarChart>
    </ChartBox>
  );
}
