import { DELIVERY_TYPE_OPTIONS } from '@quitute/contracts';
import type { Block, Fact, TableBlock } from './blocks';
import { addressLine, dayAndTime, money } from './format';
import type { OrderFacts, ShopFacts } from './types';
import { myOrderUrl } from './urls';

/** The items, 'quantity × name' and line total, then the delivery fee (when any) and the total. */
export function itemsTable(order: OrderFacts): TableBlock {
  return {
    type: 'table',
    caption: 'Itens do pedido',
    columns: [
      { label: 'Item', align: 'left' },
      { label: 'Valor', align: 'right', nowrap: true },
    ],
    rows: [
      ...order.items.map((item) => [
        `${item.quantity} × ${item.name}`,
        money(item.quantity * item.unitPriceCents),
      ]),
      ...(order.deliveryFeeCents > 0 ? [['Taxa de entrega', money(order.deliveryFeeCents)]] : []),
      [
        { text: 'Total', strong: true },
        { text: money(order.totalCents), strong: true },
      ],
    ],
    textSeparator: ' — ',
  };
}

/**
 * When and where: 'Retirada no Local' or 'Entrega' with the day and time; the
 * delivery address for a delivery (an order picked up may carry the boleto's
 * billing address: not where anything goes), the shop's for a pickup; her notes.
 */
export function deliveryFacts(order: OrderFacts, shop: ShopFacts): Block {
  const rows: Fact[] = [
    { label: DELIVERY_TYPE_OPTIONS[order.deliveryType], value: dayAndTime(order.deliveryDate) },
  ];
  if (order.deliveryType === 'delivery' && order.address) {
    rows.push({ label: 'Endereço de entrega', value: addressLine(order.address) });
  }
  if (order.deliveryType === 'pickup') {
    rows.push({ label: 'Local de retirada', value: addressLine(shop.settings.address) });
  }
  const notes = order.notes?.trim();
  if (notes) rows.push({ label: 'Observações', value: notes });
  return { type: 'facts', rows };
}

export function myOrderButton(order: OrderFacts, shop: ShopFacts): Block {
  return {
    type: 'button',
    label: 'Ver meu pedido',
    href: myOrderUrl(shop.publicUrl, order.orderId),
  };
}
