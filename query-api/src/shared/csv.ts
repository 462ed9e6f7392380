import type { Response } from 'express';

/**
 * CSV files for Excel in Brazil (issue 40): UTF-8 with a byte order mark (so
 * accents read right), `;` between fields (Excel's separator where the comma
 * is the decimal mark), CRLF line ends, money as '1234,50'. A field holding
 * `;`, `"` or a line break is quoted (quotes doubled); a text starting with
 * = + - @, a tab or a carriage return (OWASP's list) gets a leading `'`, so a customer's name such as
 * `=HYPERLINK(…)` is shown as text rather than run as a formula (CSV injection).
 */

/** Money in centavos, written '1234,50' ('-20,00' for a refund): never taken for a formula. */
export interface CsvMoney {
  cents: number;
}

/** A text (guarded), a whole number (order number, quantity) as it is, money, or empty. */
export type CsvCell = string | number | CsvMoney | null;

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export const csvMoney = (cents: number): CsvMoney => ({ cents });

/** '1234,50': two decimals, comma, no thousands separator. */
export function formatCsvMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One field as written in the file. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return formatCsvMoney(cell.cents);
  return quoted(FORMULA_START.test(cell) ? `'${cell}` : cell);
}

/** The whole file: BOM, the header, then each row, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvField).join(';')];
  for (const row of rows) lines.push(row.map(csvField).join(';'));
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/**
 * The most rows one export answers: the file is built in memory, so one
 * request cannot make the server build an unbounded answer (50,000 orders are
 * years of this shop's trade and a few megabytes). Beyond it the newest rows
 * of the filter's order are sent; a narrower filter gets the rest.
 */
export const MAX_CSV_ROWS = 50_000;

/** Sends a CSV download named `filename`, never cached (an admin's data). */
export function sendCsv(res: Response, filename: string, body: string): void {
  res
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .set('Cache-Control', 'private, no-store')
    .send(Buffer.from(body, 'utf8'));
}
