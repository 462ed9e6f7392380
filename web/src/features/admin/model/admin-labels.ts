import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  UNKNOWN_STATUS_LABEL,
  type OrderStatus,
} from '@quitute/contracts';

function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value)
    ? (labels[value] ?? UNKNOWN_STATUS_LABEL)
    : UNKNOWN_STATUS_LABEL;
}

/** admin-spec §4: the admin pages say Em Preparação for processing; anything else 'Desconhecido'. */
export function orderStatusLabel(status: string): string {
  return labelOf(ORDER_STATUS_LABELS, status);
}

export const ORDER_STATUS_OPTIONS: readonly { value: OrderStatus; label: string }[] =
  ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** admin-spec §4: the dashboard's payment labels; any other status reads 'Desconhecido'. */
const DASHBOARD_PAYMENT_LABELS: Readonly<Record<string, string>> = {
  approved: 'Aprovado',
  pending: 'Pendente',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
  in_process: 'Em Processo',
  in_review: 'Em Revisão',
};

export function dashboardPaymentLabel(status: string): string {
  return labelOf(DASHBOARD_PAYMENT_LABELS, status);
}

/** admin-spec §4: the orders page's payment labels (Pendente, Aprovado, Rejeitado, Reembolsado, Cancelado). */
export function paymentStatusLabel(status: string): string {
  return labelOf(PAYMENT_STATUS_LABELS, status);
}

/** A badge's colour family. */
export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

export function orderStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'delivered':
      return 'success';
    case 'pending':
      return 'warning';
    case 'processing':
    case 'ready_for_pickup':
    case 'in_transit':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}

export function paymentStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'approved':
      return 'success';
    case 'pending':
    case 'in_process':
    case 'in_review':
      return 'warning';
    case 'rejected':
    case 'cancelled':
    case 'charged_back':
      return 'danger';
    case 'refunded':
      return 'info';
    default:
      return 'neutral';
  }
}

/** admin-spec §6: user = Cliente, admin = Administrador. */
export function roleLabel(role: string): string {
  return role === 'admin' ? 'Administrador' : 'Cliente';
}

/** admin-spec §2: Entrega or Retirada. */
export function deliveryTypeLabel(type: string): string {
  return type === 'delivery' ? 'Entrega' : type === 'pickup' ? 'Retirada' : UNKNOWN_STATUS_LABEL;
}

/** admin-spec §3: the sale's origin as the table shows it (Fisico on the wire reads Físico). */
export function saleSourceLabel(source: string): string {
  return source === 'Fisico' ? 'Físico' : source;
}
