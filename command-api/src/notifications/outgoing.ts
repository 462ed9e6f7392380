import {
  paymentMessages,
  assertNever,
  brazilianMobileE164,
  normalizeEmail,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type OrderStatus,
  type ReviewEvent,
} from '@quitute/contracts';
import type { PlacedOrder } from '../ordering/decider';
import type { RequestedPayment } from '../payments/decider';
import type { DailySummaryMessage } from './daily-summary';
import type { NotifierEvent } from './notifier-fold';
import type {
  CustomerMessage,
  NotificationMessage,
  OrderFacts,
  PaymentFacts,
  ShopFacts,
} from './templates/types';

/**
 * Whether a notification goes, to whom and saying what (issue 41), decided
 * purely on the facts read from the log when it is about to be sent: the
 * account's address and preferences (never an address typed at the checkout),
 * the order as it stands, the event that called for it.
 */

/** What one notification is about, as it was called for (or requested). */
export interface NotificationSubject {
  kind: NotificationKind;
  channel: NotificationChannel;
  sourceId: string;
  /** Null for the daily summary, which no event calls for. */
  sourceStream: string | null;
  sourceRevision: number | null;
  userId: string | null;
  orderId: string | null;
}

/** The customer's account as it is now: gone once deleted (or never there). */
export type AccountFacts =
  | {
      status: 'active';
      userId: string;
      email: string;
      name: string;
      phone: string;
      notifications: NotificationPreferences;
      emailConfirmed: boolean;
    }
  | { status: 'gone' };

export interface OrderOnRecord {
  placed: PlacedOrder;
  status: OrderStatus;
  paid: boolean;
  deleted: boolean;
}

export type ReviewSubmitted = Extract<ReviewEvent, { type: 'ReviewSubmitted' }>['data'];

/** What the log says that a notification may need; each kind reads only its own (the rest null). */
export interface NotificationFacts {
  shop: ShopFacts;
  account: AccountFacts | null;
  order: OrderOnRecord | null;
  /** The order's payment now (how to pay it, for order_received). */
  payment: RequestedPayment | null;
  /** The payment as it was at the source event (what a refund made up to then). */
  paymentAtSource: RequestedPayment | null;
  /** The event that called for it. */
  source: NotifierEvent | null;
  review: { submitted: ReviewSubmitted; deleted: boolean } | null;
  summary: DailySummaryMessage | null;
}

export interface EmailDelivery {
  channel: 'email';
  to: string;
  message: NotificationMessage;
  /** The account whose unsubscribe link and headers it carries; null for essential and the shop's e-mails. */
  unsubscribeFor: string | null;
}

export interface SmsDelivery {
  channel: 'sms';
  /** E.164. */
  to: string;
  message: CustomerMessage;
}

export type Outgoing =
  | { go: false; reason: string }
  | {
      go: true;
      /** For the request: the customer told (null for the shop's), the order it is about. */
      userId: string | null;
      orderId: string | null;
      orderNumber: number | null;
      delivery: EmailDelivery | SmsDelivery;
    };

/**
 * Why a message does not go, for the logs and, when a later attempt finds it
 * so, for the admin (the attempt's error). Short, pt-BR, no address.
 */
export const NOT_SENT = {
  accountGone: 'Não enviada: a conta do cliente não existe mais.',
  emailOff: 'Não enviada: o cliente desativou as notificações por e-mail.',
  emailUnconfirmed: 'Não enviada: o e-mail da conta ainda não foi confirmado.',
  smsOff: 'Não enviada: o cliente desativou as notificações por SMS.',
  noMobile: 'Não enviada: não há celular no pedido nem no perfil.',
  orderGone: 'Não enviada: o pedido não existe ou foi excluído.',
  orderCancelled: 'Não enviada: o pedido foi cancelado.',
  unpaidCancellationSms:
    'Não enviada por SMS: o pedido foi cancelado pelo pagamento, antes de ser pago.',
  confirmationStale: 'Não enviada: o e-mail a confirmar não é mais o da conta.',
  alreadyConfirmed: 'Não enviada: o e-mail da conta já está confirmado.',
  reviewGone: 'Não enviada: a avaliação foi excluída.',
  nothingToTell: 'Não enviada: os fatos da mensagem não foram encontrados.',
} as const;

const skip = (reason: string): Outgoing => ({ go: false, reason });

export function orderFactsOf(order: PlacedOrder): OrderFacts {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    customerName: order.customer.name,
    items: order.items.map(({ name, quantity, unitPriceCents }) => ({
      name,
      quantity,
      unitPriceCents,
    })),
    deliveryFeeCents: order.deliveryFeeCents ?? 0,
    totalCents: order.totalCents,
    deliveryType: order.deliveryType,
    deliveryDate: order.deliveryDate,
    address: order.address,
    notes: order.notes,
    paymentMethod: order.paymentMethod,
  };
}

/** How to pay what is unpaid: the Pix code or the boleto as the provider answered. */
export function paymentFactsOf(
  method: PlacedOrder['paymentMethod'],
  payment: RequestedPayment | null,
): PaymentFacts {
  const expiresAt = payment?.expiresAt ?? undefined;
  return {
    method,
    pix: payment?.pix ? { qrCode: payment.pix.qrCode, expiresAt } : undefined,
    boleto: payment?.boleto
      ? { url: payment.boleto.url, digitableLine: payment.boleto.digitableLine, expiresAt }
      : undefined,
  };
}

/** Her address for a non-essential message on `channel`, when her account and preferences allow it. */
function customerRecipient(
  channel: NotificationChannel,
  account: AccountFacts | null,
  orderPhone: string | undefined,
): { to: string; unsubscribeFor: string | null; userId: string } | { reason: string } {
  if (account?.status !== 'active') return { reason: NOT_SENT.accountGone };
  switch (channel) {
    case 'email':
      if (!account.notifications.email) return { reason: NOT_SENT.emailOff };
      if (!account.emailConfirmed) return { reason: NOT_SENT.emailUnconfirmed };
      return { to: account.email, unsubscribeFor: account.userId, userId: account.userId };
    case 'sms': {
      if (!account.notifications.sms) return { reason: NOT_SENT.smsOff };
      const mobile = brazilianMobileE164(orderPhone) ?? brazilianMobileE164(account.phone);
      if (!mobile) return { reason: NOT_SENT.noMobile };
      return { to: mobile, unsubscribeFor: null, userId: account.userId };
    }
    default:
      return assertNever(channel);
  }
}

function toCustomer(
  channel: NotificationChannel,
  message: CustomerMessage,
  recipient: ReturnType<typeof customerRecipient>,
  about: { orderId: string | null; orderNumber: number | null },
): Outgoing {
  if ('reason' in recipient) return skip(recipient.reason);
  const delivery: EmailDelivery | SmsDelivery =
    channel === 'email'
      ? { channel, to: recipient.to, message, unsubscribeFor: recipient.unsubscribeFor }
      : { channel, to: recipient.to, message };
  return { go: true, userId: recipient.userId, ...about, delivery };
}

function toShop(
  facts: NotificationFacts,
  message: NotificationMessage,
  about: { orderId: string | null; orderNumber: number | null },
): Outgoing {
  return {
    go: true,
    userId: null,
    ...about,
    delivery: { channel: 'email', to: facts.shop.settings.email, message, unsubscribeFor: null },
  };
}

/** The kinds a cancelled order no longer calls for: its receipt and its approval (the money goes back). */
const NOT_FOR_A_CANCELLED_ORDER: readonly NotificationKind[] = [
  'order_received',
  'payment_approved',
  'shop_new_order',
];

/** Whether the notification goes, to whom and saying what, on these facts (pure). */
export function outgoing(
  subject: NotificationSubject,
  facts: NotificationFacts,
  links: { confirmationLink(userId: string, email: string): string },
): Outgoing {
  const { kind, channel } = subject;
  switch (kind) {
    case 'shop_daily_summary':
      return facts.summary
        ? toShop(facts, facts.summary, { orderId: null, orderNumber: null })
        : skip(NOT_SENT.nothingToTell);
    case 'email_confirmation':
      return confirmation(facts, links);
    case 'review_approved': {
      const review = facts.review;
      if (!review) return skip(NOT_SENT.nothingToTell);
      if (review.deleted) return skip(NOT_SENT.reviewGone);
      const { productName, rating, comment } = review.submitted;
      const name = facts.account?.status === 'active' ? facts.account.name : '';
      return toCustomer(
        channel,
        { kind, name, productName, rating, comment },
        customerRecipient(channel, facts.account, undefined),
        { orderId: null, orderNumber: null },
      );
    }
    case 'order_received':
    case 'payment_approved':
    case 'order_processing':
    case 'order_ready_for_pickup':
    case 'order_in_transit':
    case 'order_delivered':
    case 'order_cancelled':
    case 'order_refunded':
    case 'shop_new_order':
      return aboutOrder(kind, subject, facts);
    default:
      return assertNever(kind);
  }
}

function confirmation(
  facts: NotificationFacts,
  links: { confirmationLink(userId: string, email: string): string },
): Outgoing {
  const { account, source } = facts;
  if (account?.status !== 'active') return skip(NOT_SENT.accountGone);
  const asked =
    source?.type === 'UserRegistered' ||
    source?.type === 'UserEmailChanged' ||
    source?.type === 'EmailConfirmationRequested'
      ? source.data.email
      : null;
  if (asked === null) return skip(NOT_SENT.nothingToTell);
  // A link to an address the account has left would confirm nothing (and mail a stranger).
  if (normalizeEmail(asked) !== normalizeEmail(account.email)) {
    return skip(NOT_SENT.confirmationStale);
  }
  if (account.emailConfirmed) return skip(NOT_SENT.alreadyConfirmed);
  return {
    go: true,
    userId: account.userId,
    orderId: null,
    orderNumber: null,
    delivery: {
      channel: 'email',
      to: account.email,
      message: {
        kind: 'email_confirmation',
        name: account.name,
        confirmationLink: links.confirmationLink(account.userId, account.email),
      },
      unsubscribeFor: null,
    },
  };
}

function aboutOrder(
  kind: Extract<
    NotificationKind,
    | 'order_received'
    | 'payment_approved'
    | 'order_processing'
    | 'order_ready_for_pickup'
    | 'order_in_transit'
    | 'order_delivered'
    | 'order_cancelled'
    | 'order_refunded'
    | 'shop_new_order'
  >,
  subject: NotificationSubject,
  facts: NotificationFacts,
): Outgoing {
  const { order, account, source } = facts;
  if (!order || order.deleted) return skip(NOT_SENT.orderGone);
  if (order.status === 'cancelled' && NOT_FOR_A_CANCELLED_ORDER.includes(kind)) {
    return skip(NOT_SENT.orderCancelled);
  }
  const { placed } = order;
  const about = { orderId: placed.orderId, orderNumber: placed.orderNumber };
  const orderFacts = orderFactsOf(placed);
  const recipient = () => customerRecipient(subject.channel, account, placed.customer.phone);
  const tell = (message: CustomerMessage) =>
    toCustomer(subject.channel, message, recipient(), about);
  switch (kind) {
    case 'order_received':
      return tell({
        kind,
        order: orderFacts,
        payment: paymentFactsOf(placed.paymentMethod, facts.payment),
      });
    case 'payment_approved':
    case 'order_processing':
    case 'order_ready_for_pickup':
    case 'order_in_transit':
    case 'order_delivered':
      return tell({ kind, order: orderFacts });
    case 'order_cancelled':
      // Only the shop's cancellation is texted. One by its payment (her own cancel, a Pix
      // expired, a card refused) comes before any money was taken and the checkout told her;
      // texting it would let any fresh account have the shop text a number it types at the
      // checkout, order after order, at the shop's cost. Her e-mail (her own address) still goes.
      if (subject.channel === 'sms' && source?.type !== 'OrderStatusChanged') {
        return skip(NOT_SENT.unpaidCancellationSms);
      }
      return tell({
        kind,
        order: orderFacts,
        reason: source?.type === 'OrderCancelled' ? source.data.reason : null,
      });
    case 'order_refunded': {
      if (source?.type !== 'PaymentRefundCompleted') return skip(NOT_SENT.nothingToTell);
      const paid = facts.paymentAtSource;
      return tell({
        kind,
        order: orderFacts,
        amountCents: source.data.amountCents,
        whole: paid !== null && paid.refundedCents >= paid.request.amountCents,
        // An approval after the order was cancelled has no admin's note: say why the money goes back.
        note:
          source.data.note ??
          (source.data.reason === 'approved_after_cancel'
            ? paymentMessages.refundedAfterCancel
            : undefined),
      });
    }
    case 'shop_new_order': {
      const active = account?.status === 'active' ? account : null;
      return toShop(
        facts,
        {
          kind,
          order: orderFacts,
          customerEmail: active?.email ?? placed.customer.email,
          customerPhone: placed.customer.phone ?? (active?.phone || undefined),
        },
        about,
      );
    }
    default:
      return assertNever(kind);
  }
}
