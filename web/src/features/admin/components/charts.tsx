import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { formatMoney } from '../model/admin-format';
import styles from './admin.module.css';

/** A chart that takes its panel's width (DESIGN.md: responsive containers), with a text name for screen readers. */
export function ChartBox({
  label,
  height,
  children,
}: {
  label: string;
  height: number;
  children: ReactNode;
}) {
  return (
    <div className={styles.chart} role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height={height} minWidth={0}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Tooltip values in reais (DESIGN.md: tooltips with money formatted). */
export function moneyTooltip(value: unknown): string {
  return typeof value === 'number' ? formatMoney(value) : String(value);
}

/** Axis ticks in whole reais, 'R$ 1.200'. */
export function moneyTick(value: unknown): string {
  return typeof value === 'number'
    ? `R$ ${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }).format(value)}`
    : String(value);
}
