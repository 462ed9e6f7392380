import {
  ORDER_STATUS_LABELS,
  orderStatusAfterPayment,
  type OrderStatus,
} from '../ordering/constants';
import { orderEventSchemas, type OrderCancelReason, type OrderEvent } from '../ordering/events';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
} from '../payments/constants';
import {
  paymentEventSchemas,
  type PaymentEvent,
  type PaymentRefundReason,
} from '../payments/events';
import { REFUND_REASON_LABELS } from '../payments/messages';
import { saleEventSchemas, type SaleEvent, type SaleReversalReason } from '../sales/events';
import { centsToReais, formatBRL } from '../shared/money';
import type { StockReleaseReason } from '../catalog/events';
import { formatDateBR } from '../schedule/messages';
import type { KitchenDayEvent, KitchenScheduleField, ScheduleEvent } from '../schedule/events';
import type { ShopSettingsEvent, ShopSettingsField } from '../shop/events';
import type { AccountEvent } from '../accounts/events';
import type { NotificationChannel, NotificationKind } from '../notifications/constants';
import type { NotificationEvent } from '../notifications/events';
import { NOTIFICATION_KIND_LABELS } from '../notifications/messages';
import { formatShopClock, formatShopDay } from '../shared/shop-time';
import type { HistoryActor } from './history';

/**
 * Every event an order's history holds: its own and its payments'; and its
 * online sale (stream `sale-<orderId>`): recorded once paid, which puts it in
 * the sales reports, reversed when the payment is given back (older logs), and
 * refunded, wholly or in part, on the day money went back (issue 38).
 */
export const auditedEventSchemas = {
  ...orderEventSchemas,
  ...paymentEventSchemas,
  SaleRecorded: saleEventSchemas.SaleRecorded,
  OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
  OnlineSaleRefunded: saleEventSchemas.OnlineSaleRefunded,
};
export type AuditedEvent =
  | OrderEvent
  | PaymentEvent
  | Extract<SaleEvent, { type: 'SaleRecorded' | 'OnlineSaleReversed' | 'OnlineSaleRefunded' }>;
export type AuditedEventType = AuditedEvent['type'];

export interface DescriptionContext {
  actor: HistoryActor;
  /** The payment's method (from its request or the order), for 'via Pix'. */
  paymentMethod: PaymentMethod | null;
  /** Where the order stood before the event (OrderPaid moves only a pending one); unknown: left out. */
  orderStatusBefore?: OrderStatus | null;
}

const ACTOR_BY_ROLE: Record<HistoryActor['role'], string> = {
  admin: 'um administrador',
  user: 'o cliente',
  system: 'o sistema',
};

const ORDER_CANCEL_REASON_LABELS: Record<OrderCancelReason, string> = {
  payment_rejected: 'pagamento rejeitado',
  payment_cancelled: 'pagamento cancelado',
  payment_expired: 'pagamento expirado',
  payment_failed: 'falha ao criar o pagamento',
};

const PAYMENT_CANCEL_REASON_LABELS: Record<
  (PaymentEvent & { type: 'PaymentCancelled' })['data']['reason'],
  string
> = {
  customer: 'a pedido do cliente',
  expired: 'prazo para pagar expirado',
  provider: 'cancelado pelo provedor',
  failed: 'falha ao criar o pagamento',
};

/** Why money went back, as an auditor reads it after 'Pagamento reembolsado: '. */
const AUDIT_REFUND_REASON_LABELS: Record<PaymentRefundReason, string> = {
  approved_after_cancel: 'aprovado depois do cancelamento do pedido',
  provider: 'por iniciativa do provedor',
  admin: 'a pedido da loja',
  order_cancelled: 'pedido cancelado pela loja',
};

/** A refund's reason as the customer reads it: the admin's note, else what the reason stands for. */
const refundReason = (reason: PaymentRefundReason, note: string | undefined) =>
  note !== undefined && note.trim() !== '' ? note : REFUND_REASON_LABELS[reason];

const SALE_REVERSAL_REASON_LABELS: Record<SaleReversalReason, string> = {
  refunded: 'pagamento reembolsado',
  charged_back: 'pagamento contestado (chargeback)',
};

const PROVIDER_LABELS = { mercadopago: 'Mercado Pago', simulator: 'simulador' } as const;

/** `25/11/2026 às 14:30`, on the shop's clock. */
export function formatShopMoment(iso: string): string {
  const date = new Date(iso);
  return `${formatShopDay(date)} às ${formatShopClock(date)}`;
}

/** Who did it, as a sentence names them: their name, else their role. */
export function actorPhrase(actor: HistoryActor): string {
  return actor.name ?? ACTOR_BY_ROLE[actor.role];
}

const money = (cents: number) => formatBRL(centsToReais(cents));
const via = (method: PaymentMethod | null) =>
  method === null ? '' : ` via ${PAYMENT_METHOD_LABELS[method]}`;
const detail = (statusDetail: string) => (statusDetail === '' ? '' : ` (${statusDetail})`);
const paymentStatus = (status: keyof typeof PAYMENT_STATUS_LABELS) =>
  PAYMENT_STATUS_LABELS[status].toLowerCase();

/**
 * What an event means to an auditor, in pt-BR: 'Pedido #1001 feito por
 * Marina Souza (20 itens, R$ 12,00, Pix)', 'Pagamento aprovado via Pix'.
 */
export function describeEvent(event: AuditedEvent, context: DescriptionContext): string {
  const { actor, paymentMethod } = context;
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderNumber, customer, items, totalCents, deliveryFeeCents = 0 } = event.data;
      const quantity = items.reduce((sum, line) => sum + line.quantity, 0);
      const units = quantity === 1 ? '1 item' : `${quantity} itens`;
      const fee = deliveryFeeCents > 0 ? ` com taxa de entrega de ${money(deliveryFeeCents)}` : '';
      return `Pedido #${orderNumber} feito por ${customer.name} (${units}, ${money(totalCents)}${fee}, ${PAYMENT_METHOD_LABELS[event.data.paymentMethod]})`;
    }
    case 'OrderPaid': {
      const paid = `Pedido pago (${money(event.data.amountCents)})`;
      const before = context.orderStatusBefore ?? null;
      if (before === null) return paid;
      const after = orderStatusAfterPayment(before);
      return after === before
        ? `${paid}: status mantido em ${ORDER_STATUS_LABELS[after]}`
        : `${paid}: status ${ORDER_STATUS_LABELS[after]}`;
    }
    case 'OrderStatusChanged':
      return `Status alterado de ${ORDER_STATUS_LABELS[event.data.from]} para ${ORDER_STATUS_LABELS[event.data.to]} por ${actorPhrase(actor)}`;
    case 'OrderCancelled':
      return `Pedido cancelado: ${ORDER_CANCEL_REASON_LABELS[event.data.reason]}`;
    case 'OrderDeleted':
      return `Pedido excluído das listas por ${actorPhrase(actor)} (os eventos continuam guardados)`;
    case 'PaymentRequested': {
      const { amountCents, method, provider, installments, attempt } = event.data;
      const parcels = installments !== undefined && installments > 1 ? ` em ${installments}x` : '';
      const again =
        attempt === undefined ? '' : `, outro cartão após a recusa (tentativa ${attempt})`;
      return `Pagamento de ${money(amountCents)}${parcels} solicitado via ${PAYMENT_METHOD_LABELS[method]} (${PROVIDER_LABELS[provider]})${again}`;
    }
    case 'PaymentPending': {
      const expires = event.data.expiresAt
        ? `, pode ser pago até ${formatShopMoment(event.data.expiresAt)}`
        : '';
      return `Pagamento ${paymentStatus('pending')}${via(paymentMethod)}${expires}`;
    }
    case 'PaymentApproved':
      return `Pagamento ${paymentStatus('approved')}${via(paymentMethod)}`;
    case 'PaymentRejected':
      return `Pagamento ${paymentStatus('rejected')}${via(paymentMethod)}${detail(event.data.statusDetail)}`;
    case 'PaymentInReview':
      return `Pagamento ${paymentStatus('in_review')}${via(paymentMethod)}${detail(event.data.statusDetail)}`;
    case 'PaymentCancelled':
      return `Pagamento${via(paymentMethod)} ${paymentStatus('cancelled')}: ${PAYMENT_CANCEL_REASON_LABELS[event.data.reason]}`;
    case 'PaymentRefundRequested': {
      const { amountCents, reason, note } = event.data;
      // Before issue 38 a refund request was always for the whole payment, without an amount.
      if (amountCents === undefined) {
        return `Reembolso do pagamento${via(paymentMethod)} solicitado ao provedor: ${AUDIT_REFUND_REASON_LABELS[reason]}`;
      }
      return `Reembolso de ${money(amountCents)} solicitado: ${refundReason(reason, note)}`;
    }
    case 'PaymentRefundCompleted': {
      const { amountCents, reason } = event.data;
      const byProvider = reason === 'provider' ? ` (${REFUND_REASON_LABELS.provider})` : '';
      return `Reembolso de ${money(amountCents)} concluído${byProvider}`;
    }
    case 'PaymentRefundFailed':
      return `Reembolso de ${money(event.data.amountCents)} falhou: ${event.data.detail}`;
    case 'PaymentRefunded':
      return `Pagamento${via(paymentMethod)} ${paymentStatus('refunded')}: ${AUDIT_REFUND_REASON_LABELS[event.data.reason]}`;
    case 'PaymentChargedBack':
      return event.data.amountCents === undefined
        ? `Pagamento${via(paymentMethod)} ${paymentStatus('charged_back')} (chargeback)`
        : `Pagamento contestado (chargeback): ${money(event.data.amountCents)}`;
    case 'SaleRecorded':
      return `Venda online de ${money(event.data.amountCents)} registrada nos relatórios de vendas`;
    case 'OnlineSaleReversed':
      return `Venda online de ${money(event.data.amountCents)} estornada dos relatórios de vendas: ${SALE_REVERSAL_REASON_LABELS[event.data.reason]}`;
    case 'OnlineSaleRefunded': {
      const { amountCents, final, refundedAt } = event.data;
      const whole = final ? ', devolvida por inteiro: deixa de contar como venda' : '';
      return `Venda online estornada: ${money(amountCents)} (${SALE_REVERSAL_REASON_LABELS[event.data.reason]}, em ${formatShopDay(new Date(refundedAt))}${whole})`;
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The shop's settings as the admin's page names them ('Configurações da Loja'). */
export const SHOP_SETTINGS_FIELD_LABELS: Readonly<Record<ShopSettingsField, string>> = {
  name: 'Nome da loja',
  whatsapp: 'WhatsApp',
  phone: 'Telefone',
  email: 'E-mail',
  address: 'Endereço',
  location: 'Localização no mapa',
  social: 'Redes sociais',
  openingHoursText: 'Horário de funcionamento',
  deliveryZones: 'Zonas de entrega',
  dailySummaryTime: 'Horário do resumo diário',
};

/**
 * What a change of the shop's settings means to an auditor, in pt-BR: the
 * fields it changed, by the names the admin saw ('Configurações da loja
 * alteradas: WhatsApp, Zonas de entrega'). Who and when are the event's
 * metadata.
 */
export function describeShopSettingsEvent(event: ShopSettingsEvent): string {
  switch (event.type) {
    case 'ShopSettingsSeeded':
      return 'Configurações iniciais da loja registradas';
    case 'ShopSettingsChanged':
      return `Configurações da loja alteradas: ${event.data.changedFields.map((field) => SHOP_SETTINGS_FIELD_LABELS[field]).join(', ')}`;
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The kitchen's calendar as the admin's page names its fields ('Agenda e Produção'). */
export const KITCHEN_SCHEDULE_FIELD_LABELS: Readonly<Record<KitchenScheduleField, string>> = {
  leadDays: 'Antecedência mínima',
  horizonDays: 'Prazo máximo de agendamento',
  slotMinutes: 'Duração do horário',
  dailyCapacityUnits: 'Capacidade diária',
  kitUnits: 'Unidades por kit',
  weekly: 'Horários semanais',
  closedDates: 'Datas de fechamento',
};

/**
 * What a change of the kitchen's calendar means to an auditor, in pt-BR: the
 * fields it changed ('Agenda da cozinha alterada: Capacidade diária, Datas de
 * fechamento'). Who and when are the event's metadata.
 */
export function describeScheduleEvent(event: ScheduleEvent): string {
  return `Agenda da cozinha alterada: ${event.data.changedFields.map((field) => KITCHEN_SCHEDULE_FIELD_LABELS[field]).join(', ')}`;
}

/** Why an order's units went back (to a product's stock or to the kitchen's day). */
export const STOCK_RELEASE_REASON_LABELS: Readonly<Record<StockReleaseReason, string>> = {
  checkout_refused: 'checkout não concluído',
  order_cancelled: 'pedido cancelado',
  order_refunded: 'pedido reembolsado por inteiro',
  checkout_lapsed: 'checkout abandonado antes de fazer o pedido',
};

const unitsText = (units: number) => (units === 1 ? '1 unidade' : `${units} unidades`);

/**
 * What a day's capacity event means to an auditor, in pt-BR: 'Agenda de
 * 05/12/2026: 100 unidades reservadas por um pedido (300 de 1000 no dia)',
 * 'Agenda de 05/12/2026: 100 unidades devolvidas (pedido cancelado; 200 no dia)'.
 */
export function describeKitchenDayEvent(event: KitchenDayEvent): string {
  switch (event.type) {
    case 'KitchenDayUnitsReserved': {
      const { date, units, reservedUnits, capacityUnits } = event.data;
      const day =
        capacityUnits === null
          ? `${reservedUnits} no dia, sem limite`
          : `${reservedUnits} de ${capacityUnits} no dia`;
      return `Agenda de ${formatDateBR(date)}: ${unitsText(units)} reservadas por um pedido (${day})`;
    }
    case 'KitchenDayUnitsReleased': {
      const { date, units, reason, reservedUnits } = event.data;
      return `Agenda de ${formatDateBR(date)}: ${unitsText(units)} devolvidas (${STOCK_RELEASE_REASON_LABELS[reason]}; ${reservedUnits} no dia)`;
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A message as a sentence names it: 'o e-mail "Pedido recebido"', 'o SMS "Pronto para retirada"'. */
function messageName(notification: { kind: NotificationKind; channel: NotificationChannel }) {
  const channel = notification.channel === 'email' ? 'e-mail' : 'SMS';
  return `${channel} "${NOTIFICATION_KIND_LABELS[notification.kind]}"`;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * What a notification's event means to an auditor, in pt-BR (issue 41): 'E-mail
 * "Pedido recebido" solicitado (pedido #1042)', 'E-mail "Pedido recebido"
 * enviado', 'Falha ao enviar o e-mail "Pagamento aprovado" (tentativa 2): 421
 * try again later; nova tentativa em 27/11/2026 às 09:05'. The events after the
 * request name neither the kind nor the channel: `notification` is the
 * request's (its stream's first event). Who and when are the event's metadata.
 */
export function describeNotificationEvent(
  event: NotificationEvent,
  notification: { kind: NotificationKind; channel: NotificationChannel },
): string {
  switch (event.type) {
    case 'NotificationRequested': {
      const { orderNumber } = event.data;
      const order = orderNumber === null ? '' : ` (pedido #${orderNumber})`;
      return `${capitalized(messageName(event.data))} solicitado${order}`;
    }
    case 'NotificationAttemptStarted':
      return `${capitalized(messageName(notification))}: tentativa ${event.data.attempt} de envio iniciada`;
    case 'NotificationSent': {
      const { attempt } = event.data;
      const after = attempt > 1 ? ` na tentativa ${attempt}` : '';
      return `${capitalized(messageName(notification))} enviado${after}`;
    }
    case 'NotificationAttemptFailed': {
      const { attempt, error, retryAt, interrupted } = event.data;
      const next =
        retryAt !== null && !interrupted
          ? `nova tentativa em ${formatShopMoment(retryAt)}`
          : 'aguardando um administrador';
      return `Falha ao enviar o ${messageName(notification)} (tentativa ${attempt}): ${error}; ${next}`;
    }
    case 'NotificationRetryRequested':
      return `Reenvio do ${messageName(notification)} solicitado`;
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The account events of an e-mail's confirmation (issue 41). */
export type EmailConfirmationEvent = Extract<
  AccountEvent,
  { type: 'EmailConfirmationRequested' | 'UserEmailConfirmed' }
>;

/**
 * What an e-mail's confirmation means to an auditor, in pt-BR: 'Novo link de
 * confirmação pedido', 'E-mail confirmado'. Who and when are the event's
 * metadata; the address is the event's.
 */
export function describeEmailConfirmationEvent(event: EmailConfirmationEvent): string {
  switch (event.type) {
    case 'EmailConfirmationRequested':
      return 'Novo link de confirmação pedido';
    case 'UserEmailConfirmed':
      return 'E-mail confirmado';
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}
