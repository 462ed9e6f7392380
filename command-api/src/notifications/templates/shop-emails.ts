import {
  assertNever,
  DELIVERY_TYPE_LABELS,
  formatDateBR,
  formatPhone,
  PAYMENT_METHOD_LABELS,
} from '@quitute/contracts';
import type { Block, Fact } from './blocks';
import { dayAndTime, money, shopClock, weekdayName } from './format';
import type { EmailContent } from './layout';
import { deliveryFacts, itemsTable } from './order-blocks';
import type { ShopFacts, ShopMessage } from './types';
import { adminOrdersUrl, adminOrderUrl, productionUrl } from './urls';

/** What the shop's own e-mails say: a paid order, the next day's production. */
export function shopEmail(message: ShopMessage, shop: ShopFacts): EmailContent {
  switch (message.kind) {
    case 'shop_new_order':
      return newOrder(message, shop);
    case 'shop_daily_summary':
      return dailySummary(message, shop);
    default:
      return assertNever(message);
  }
}

function newOrder(
  message: Extract<ShopMessage, { kind: 'shop_new_order' }>,
  shop: ShopFacts,
): EmailContent {
  const { order } = message;
  const customer: Fact[] = [
    { label: 'Cliente', value: order.customerName },
    { label: 'E-mail da conta', value: message.customerEmail },
    ...(message.customerPhone
      ? [{ label: 'Telefone', value: formatPhone(message.customerPhone) }]
      : []),
    { label: 'Pagamento', value: `${PAYMENT_METHOD_LABELS[order.paymentMethod]} (aprovado)` },
  ];
  return {
    preview: `#${order.orderNumber} · ${order.customerName} · ${money(order.totalCents)} · ${DELIVERY_TYPE_LABELS[order.deliveryType]} ${dayAndTime(order.deliveryDate)}`,
    blocks: [
      { type: 'heading', text: `Novo pedido pago: #${order.orderNumber}` },
      { type: 'facts', rows: customer },
      itemsTable(order),
      deliveryFacts(order, shop),
      { type: 'button', label: 'Ver o pedido', href: adminOrderUrl(shop.publicUrl, order.orderId) },
      { type: 'link', label: 'Todos os pedidos', href: adminOrdersUrl(shop.publicUrl) },
    ],
  };
}

function dailySummary(
  message: Extract<ShopMessage, { kind: 'shop_daily_summary' }>,
  shop: ShopFacts,
): EmailContent {
  const day = formatDateBR(message.date);
  const heading: Block = {
    type: 'heading',
    text: `Produção de ${weekdayName(message.date)}, ${day}`,
  };
  const sheet: Block = {
    type: 'button',
    label: 'Abrir a produção do dia',
    href: productionUrl(shop.publicUrl, message.date),
  };
  if (message.orders.length === 0) {
    const none = `Nenhum pedido para ${day}.`;
    return { preview: none, blocks: [heading, { type: 'paragraph', text: none }, sheet] };
  }
  const count = message.orders.length;
  const unpaid = message.orders.filter((order) => !order.paid).length;
  const summary = `${count === 1 ? '1 pedido' : `${count} pedidos`} para ${day}${
    unpaid > 0 ? `, ${unpaid === 1 ? '1 ainda não pago' : `${unpaid} ainda não pagos`}` : ''
  }.`;
  return {
    preview: summary,
    blocks: [
      heading,
      { type: 'paragraph', text: summary },
      {
        type: 'table',
        caption: 'O que produzir',
        columns: [
          { label: 'Produto', align: 'left' },
          { label: 'Quantidade', align: 'right', nowrap: true },
        ],
        rows: message.totals.map((line) => [line.name, String(line.quantity)]),
        textSeparator: ' — ',
      },
      {
        type: 'table',
        caption: 'Pedidos por horário',
        columns: [
          { label: 'Horário', align: 'left', nowrap: true },
          { label: 'Pedido', align: 'left' },
          { label: 'Total', align: 'right', nowrap: true },
        ],
        rows: message.orders.map((order) => [
          shopClock(order.deliveryDate),
          {
            text: `#${order.orderNumber} · ${order.customerName}`,
            detail: { text: DELIVERY_TYPE_LABELS[order.deliveryType] },
          },
          {
            text: money(order.totalCents),
            detail: order.paid ? undefined : { text: 'NÃO PAGO', alert: true },
          },
        ]),
        textSeparator: ' · ',
      },
      sheet,
    ],
  };
}
