/** A figure an issue set a target for, as measured on this run. */
export interface TargetRow {
  issue: string;
  figure: string;
  measured: number;
  unit: string;
  /** The figure must reach at least (higher is better) or stay at most (lower is better) `goal`. */
  kind: 'at least' | 'at most';
  goal: number;
}

export function meets(row: TargetRow): boolean {
  return row.kind === 'at least' ? row.measured >= row.goal : row.measured <= row.goal;
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The rows of the closing table: each figure beside its target and whether it is met. */
export function targetTable(rows: readonly TargetRow[]): Record<string, string>[] {
  return rows.map((row) => ({
    issue: row.issue,
    figure: row.figure,
    measured: `${number(row.measured)} ${row.unit}`,
    target: `${row.kind === 'at least' ? '≥' : '≤'} ${number(row.goal)} ${row.unit}`,
    met: Number.isFinite(row.measured) ? (meets(row) ? 'yes' : 'NO') : 'not measured',
  }));
}
