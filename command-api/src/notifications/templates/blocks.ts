import { assertNever } from '@quitute/contracts';
import { escapeHtml, isWebUrl } from './html';
import { colors, MONOSPACE_FAMILY } from './theme';

/**
 * What an e-mail says, once: the HTML part (MJML) and the plain-text part are
 * both written from these blocks, so they state the same facts. Every string
 * is plain text; the MJML writer escapes it.
 */
export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** Smaller, muted: a by-the-way. */
  | { type: 'note'; text: string }
  /** `spelledOut`: the HTML also prints the address, for a mail client that hides the button. */
  | { type: 'button'; label: string; href: string; spelledOut?: boolean }
  | { type: 'link'; label: string; href: string }
  /** A code to copy (Pix copia-e-cola, linha digitável): monospace, wrapping anywhere. */
  | { type: 'code'; label: string; code: string }
  /** Label and value lines ('Entrega: sábado, 05/12/2026 às 08:00'). */
  | { type: 'facts'; rows: readonly Fact[] }
  | TableBlock;

export interface Fact {
  label: string;
  value: string;
}

export interface TableCell {
  text: string;
  strong?: boolean;
  /** A smaller second line ('Retirada'); `alert` says it in the error colour ('NÃO PAGO'). */
  detail?: { text: string; alert?: boolean } | undefined;
}

export interface TableColumn {
  label: string;
  align: 'left' | 'right';
  /** Kept on one line (a time, an amount): a phone's narrow column must not break 'R$ 150,00'. */
  nowrap?: boolean;
}

export interface TableBlock {
  type: 'table';
  /** Said above the table, in both parts. */
  caption: string;
  columns: readonly TableColumn[];
  rows: readonly (readonly (string | TableCell)[])[];
  /** How the text part joins a row's cells and details ('2 × Coxinha — R$ 10,00'). */
  textSeparator: string;
}

const cellOf = (cell: string | TableCell): TableCell =>
  typeof cell === 'string' ? { text: cell } : cell;

const SPELLED_OUT = 'Se o botão não funcionar, copie este link no seu navegador:';

/** An attribute's value: escaped, quoted. */
const attr = (value: string) => `"${escapeHtml(value)}"`;
const lines = (text: string) => text.split('\n').map(escapeHtml).join('<br />');

export function blockToMjml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<mj-text font-size="22px" line-height="1.3" font-weight="700" color="${colors.chocolate}" padding-bottom="16px"><h1 style="margin:0;font-size:22px;line-height:1.3;font-weight:700;">${escapeHtml(block.text)}</h1></mj-text>`;
    case 'paragraph':
      return `<mj-text>${lines(block.text)}</mj-text>`;
    case 'note':
      return `<mj-text font-size="14px" color="${colors.textMuted}">${lines(block.text)}</mj-text>`;
    case 'button':
      if (!isWebUrl(block.href)) {
        return `<mj-text>${escapeHtml(block.label)}: ${escapeHtml(block.href)}</mj-text>`;
      }
      return `<mj-button href=${attr(block.href)}>${escapeHtml(block.label)}</mj-button>${
        block.spelledOut
          ? `\n<mj-text font-size="14px" color="${colors.textMuted}">${escapeHtml(SPELLED_OUT)}<br /><span style="word-break:break-all;">${escapeHtml(block.href)}</span></mj-text>`
          : ''
      }`;
    case 'link':
      return isWebUrl(block.href)
        ? `<mj-text><a href=${attr(block.href)} style="color:${colors.accent};">${escapeHtml(block.label)}</a></mj-text>`
        : `<mj-text>${escapeHtml(block.label)}: ${escapeHtml(block.href)}</mj-text>`;
    case 'code':
      return `<mj-text><p style="margin:0 0 6px;font-weight:700;">${escapeHtml(block.label)}</p><div style="font-family:${MONOSPACE_FAMILY};font-size:14px;line-height:1.4;background-color:${colors.backgroundAlt};border:1px solid ${colors.border};border-radius:6px;padding:12px;white-space:pre-wrap;word-break:break-all;overflow-wrap:anywhere;">${escapeHtml(block.code)}</div></mj-text>`;
    case 'facts':
      return `<mj-text>${block.rows
        .map((row) => `<strong>${escapeHtml(row.label)}:</strong> ${lines(row.value)}`)
        .join('<br />')}</mj-text>`;
    case 'table':
      return tableToMjml(block);
    default:
      return assertNever(block);
  }
}

function tableToMjml(block: TableBlock): string {
  const cellStyle = (column: TableColumn | undefined) =>
    `padding:6px 4px;border-bottom:1px solid ${colors.border};text-align:${column?.align ?? 'left'};vertical-align:top;${column?.nowrap ? 'white-space:nowrap;' : ''}`;
  const head = block.columns
    .map(
      (column) =>
        `<th style="${cellStyle(column)}font-weight:700;color:${colors.textMuted};">${escapeHtml(column.label)}</th>`,
    )
    .join('');
  const rows = block.rows
    .map((row) => {
      const cells = row.map((raw, index) => {
        const cell = cellOf(raw);
        const detail = cell.detail
          ? `<br /><span style="font-size:13px;${cell.detail.alert ? `font-weight:700;color:${colors.error};` : `color:${colors.textMuted};`}">${escapeHtml(cell.detail.text)}</span>`
          : '';
        return `<td style="${cellStyle(block.columns[index])}${cell.strong ? 'font-weight:700;' : ''}">${escapeHtml(cell.text)}${detail}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  return `<mj-text padding-bottom="4px"><strong>${escapeHtml(block.caption)}</strong></mj-text>
<mj-table font-size="15px" line-height="1.4" color="${colors.text}" padding-bottom="16px"><tr>${head}</tr>${rows}</mj-table>`;
}

export function blockToText(block: Block): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
    case 'link':
      return `${block.label}: ${block.href}`;
    case 'code':
      return `${block.label}:\n${block.code}`;
    case 'facts':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'table':
      return [
        `${block.caption}:`,
        ...block.rows.map((row) =>
          row
            .map(cellOf)
            .flatMap((cell) => [cell.text, ...(cell.detail ? [cell.detail.text] : [])])
            .join(block.textSeparator),
        ),
      ].join('\n');
    default:
      return assertNever(block);
  }
}
