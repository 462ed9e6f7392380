import {
  centsToReais,
  DELIVERY_TYPE_LABELS,
  formatBRL,
  formatShopDayTime,
  formatShopMoment,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  SHOP_TIME_ZONE,
  type HistoryActor,
  type OrderDocument,
  type OrderHistory,
} from '@quitute/contracts';

const ROLE_LABELS: Record<HistoryActor['role'], string> = {
  admin: 'administrador',
  user: 'cliente',
  system: 'sistema',
};

/** `25/11/2026 14:30:05` on the shop's clock. */
function shopTime(iso: string): string {
  return formatShopDayTime(new Date(iso), { seconds: true });
}

function actorLabel(actor: HistoryActor): string {
  if (actor.role === 'system') return 'Sistema';
  return `${actor.name ?? actor.id} (${ROLE_LABELS[actor.role]})`;
}

/** One line: what the order was at that moment. */
export function stateSummary(state: OrderDocument): string {
  const deleted = state.isDeleted ? ' · excluído das listas' : '';
  return [
    `Pedido ${ORDER_STATUS_LABELS[state.orderStatus]}`,
    `pagamento ${PAYMENT_STATUS_LABELS[state.paymentStatus]} (${PAYMENT_METHOD_LABELS[state.paymentMethod]})`,
    formatBRL(centsToReais(state.totalCents)),
    `${DELIVERY_TYPE_LABELS[state.deliveryType]} em ${formatShopMoment(state.deliveryDate)}`,
    `cliente ${state.customerName} <${state.customerEmail}>`,
  ]
    .join(' · ')
    .concat(deleted);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** The audit CLI's table: time on the shop's clock, who, what; then the order as it ended up. */
export function formatHistory(history: OrderHistory): string {
  const moment =
    history.asOf !== null
      ? `como estava em ${shopTime(history.asOf)}`
      : history.atPosition !== null
        ? `como estava na posição ${history.atPosition}`
        : 'histórico completo';
  const rows = history.entries.map((entry) => [
    String(entry.position),
    shopTime(entry.occurredAt),
    actorLabel(entry.actor),
    entry.description,
  ]);
  const header = ['Posição', `Quando (${SHOP_TIME_ZONE})`, 'Quem', 'O que aconteceu'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : pad(cell, widths[column] ?? 0)))
      .join('  ');
  return [
    `Pedido #${history.orderNumber} (${history.orderId}): ${moment}`,
    '',
    ...(rows.length === 0
      ? ['Nenhum evento até esse momento.']
      : [line(header), ...rows.map(line)]),
    '',
    history.state === null
      ? 'Estado: o pedido ainda não existia.'
      : `Estado: ${stateSummary(history.state)}`,
    `Lido do event store na posição ${history.position}.`,
    '',
  ].join('\n');
}
