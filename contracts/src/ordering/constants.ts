/** Human order numbers start here and increase by one, without gaps (issue 10). */
export const FIRST_ORDER_NUMBER = 1001;

/** spec §5: the delivery or pickup date is no earlier than two days from today. */
export const MIN_LEAD_DAYS = 2;

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'ready_for_pickup',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** spec §4 (and admin-spec §4): anything else reads 'Desconhecido'. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  processing: 'Em Preparação',
  ready_for_pickup: 'Pronto para Retirada',
  in_transit: 'Em Trânsito',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};
export const UNKNOWN_STATUS_LABEL = 'Desconhecido';

/**
 * Where an order stands once paid: a pending order goes into preparation; one an
 * administrator already moved on (ready, out for delivery, delivered while the Pix or
 * boleto was still being paid) stays where they put it.
 */
export function orderStatusAfterPayment(status: OrderStatus): OrderStatus {
  return status === 'pending' ? 'processing' : status;
}

/** The /orders status filter offers only these; processing is labelled Aprovado there (spec §2, §4). */
export const CUSTOMER_ORDER_STATUS_FILTERS: readonly { value: OrderStatus; label: string }[] = [
  { value: 'pending', label: 'Pendente' },
  { value: 'processing', label: 'Aprovado' },
  { value: 'delivered', label: 'Entregue' },
  { value: 'cancelled', label: 'Cancelado' },
];

export const DELIVERY_TYPES = ['delivery', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** The checkout's radios (spec §2). */
export const DELIVERY_TYPE_OPTIONS: Record<DeliveryType, string> = {
  pickup: 'Retirada no Local',
  delivery: 'Entrega',
};
/** Short labels of lists and details (admin-spec §2). */
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  pickup: 'Retirada',
  delivery: 'Entrega',
};

/** Orders page (spec §2, §9). */
export const ORDER_PAGE_SIZES = [5, 10, 20] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 10;
export const ORDER_DATE_FILTERS = [7, 30, 90] as const;
export const PROFILE_RECENT_ORDERS = 3;
/** The most orders one list request returns (GET /api/orders has no pages). */
export const MAX_ORDERS_PER_REQUEST = 100;

/** Issue 38: orders an account may hold awaiting payment at once (a fourth checkout is refused). */
export const MAX_UNPAID_ORDERS = 3;

/**
 * Issue 38's attack pass: the units an account's unpaid orders may hold at once
 * (a kit counts as one). One boleto for the whole menu held every product for
 * three days; a big party's order (500 salgados and 100 doces) still fits.
 */
export const MAX_UNPAID_UNITS = 600;

/**
 * Issue 38: what a checkout holds (units, an unpaid-order slot) for an order it
 * has not placed yet lapses this long after it took it (it stopped: a crash, a
 * lost connection), so nothing is held forever. A checkout places its order
 * well within half of it or gives up.
 */
export const CHECKOUT_HOLD_LAPSE_MS = 15 * 60_000;

/** Issue 40: the customer's notes for the kitchen, at most this long. */
export const ORDER_NOTES_MAX_LENGTH = 500;
