import {
  DELIVERY_TYPE_OPTIONS,
  formatBRL,
  formatShopClock,
  formatShopDay,
  shopInstantOf,
  type NewOrderPush,
} from '@quitute/contracts';

/**
 * The new orders pushed to the admin area while it is open (issue 41 point
 * 6): how many came, and the last few (a day's worth of pushes need not be kept).
 */
export interface NewOrderFeed {
  /** Orders pushed since the area opened. */
  total: number;
  /** The latest of them, oldest first, at most RECENT_NEW_ORDERS. */
  recent: NewOrderPush[];
}

export const RECENT_NEW_ORDERS = 20;

export const emptyNewOrderFeed = (): NewOrderFeed => ({ total: 0, recent: [] });

/** The feed with one more order; an order already among the recent ones (a push seen twice) changes nothing. */
export function withNewOrder(feed: NewOrderFeed, push: NewOrderPush): NewOrderFeed {
  if (feed.recent.some((order) => order.orderId === push.orderId)) return feed;
  return { total: feed.total + 1, recent: [...feed.recent, push].slice(-RECENT_NEW_ORDERS) };
}

/** The orders of the feed after the first `handled` ones (those of the recent list it still holds). */
export function ordersAfter(feed: NewOrderFeed, handled: number): NewOrderPush[] {
  const fresh = Math.max(0, feed.total - handled);
  return fresh === 0 ? [] : feed.recent.slice(-fresh);
}

/** '05/12 às 08:00' in the shop's time zone; the text as it came when it names no instant. */
function whenText(deliveryDate: string): string {
  const instant = shopInstantOf(deliveryDate);
  if (!instant) return deliveryDate;
  return `${formatShopDay(instant).slice(0, 5)} às ${formatShopClock(instant)}`;
}

/** The browser notification's title: 'Novo pedido #1042'. */
export function newOrderTitle(push: NewOrderPush): string {
  return `Novo pedido #${push.orderNumber}`;
}

/** 'R$ 150,00 — Maria Silva (Retirada no Local, 05/12 às 08:00)'. */
export function newOrderDetails(push: NewOrderPush): string {
  const delivery = DELIVERY_TYPE_OPTIONS[push.deliveryType];
  return `${formatBRL(push.total)} — ${push.customerName} (${delivery}, ${whenText(push.deliveryDate)})`;
}

/** The toast: 'Novo pedido #1042 — R$ 150,00 — Maria Silva (Retirada no Local, 05/12 às 08:00)'. */
export function newOrderAlertText(push: NewOrderPush): string {
  return `${newOrderTitle(push)} — ${newOrderDetails(push)}`;
}
