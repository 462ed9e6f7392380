/** Prints rows as a Markdown table, numbers right-aligned. */
export function printTable(title: string, rows: readonly Record<string, string | number>[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const cell = (value: string | number | undefined) =>
    typeof value === 'number'
      ? value.toLocaleString('en-US', { maximumFractionDigits: 1 })
      : (value ?? '');
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
  );
  const line = (values: string[], numeric: boolean[]) =>
    `| ${values.map((value, i) => (numeric[i] ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const numeric = columns.map((column) => typeof first[column] === 'number');
  console.log(`\n### ${title}\n`);
  console.log(
    line(
      columns,
      columns.map(() => false),
    ),
  );
  console.log(
    `| ${widths.map((width, i) => (numeric[i] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`,
  );
  for (const row of rows)
    console.log(
      line(
        columns.map((column) => cell(row[column])),
        numeric,
      ),
    );
}
