import type {
  DeliveryType,
  OrderAddress,
  OrderCancelReason,
  PaymentMethod,
  ShopSettings,
} from '@quitute/contracts';

/**
 * What the notifier hands the templates (issue 41): plain facts read from the
 * log, never a request's word. Money in integer centavos, times ISO. The
 * templates are pure: same facts, same e-mail.
 */

export interface OrderFacts {
  orderId: string;
  orderNumber: number;
  /** The name on the order (the checkout's), for 'Olá, Ana!'. */
  customerName: string;
  items: readonly { name: string; quantity: number; unitPriceCents: number }[];
  /** 0 for pickup (and orders placed before delivery fees). */
  deliveryFeeCents: number;
  totalCents: number;
  deliveryType: DeliveryType;
  /** ISO with the shop's offset ('2026-12-05T08:00:00-03:00'). */
  deliveryDate: string;
  /** For delivery (and boleto). */
  address?: OrderAddress | undefined;
  notes?: string | undefined;
  paymentMethod: PaymentMethod;
}

/** How to pay what is still unpaid (order received): from the payment's PaymentPending. */
export interface PaymentFacts {
  method: PaymentMethod;
  pix?: { qrCode: string; expiresAt?: string | undefined } | undefined;
  boleto?: { url: string; digitableLine: string; expiresAt?: string | undefined } | undefined;
}

/** One line of the daily production summary: a product and how many, all the day's standing orders together. */
export interface SummaryLine {
  name: string;
  quantity: number;
}

export type CustomerMessage =
  | { kind: 'email_confirmation'; name: string; confirmationLink: string }
  | { kind: 'order_received'; order: OrderFacts; payment: PaymentFacts }
  | {
      kind: 'payment_approved' | 'order_processing' | 'order_in_transit' | 'order_delivered';
      order: OrderFacts;
    }
  /** With the shop's address and hours (ShopFacts). */
  | { kind: 'order_ready_for_pickup'; order: OrderFacts }
  /** `reason` null: an admin cancelled it. */
  | { kind: 'order_cancelled'; order: OrderFacts; reason: OrderCancelReason | null }
  | {
      kind: 'order_refunded';
      order: OrderFacts;
      amountCents: number;
      /** Whether this refund gives back all that was paid. */
      whole: boolean;
      /** The admin's reason ('Item em falta'), when she gave one. */
      note?: string | undefined;
    }
  | { kind: 'review_approved'; name: string; productName: string; rating: number; comment: string };

export type ShopMessage =
  | {
      kind: 'shop_new_order';
      order: OrderFacts;
      /** The account's, for the shop to answer. */
      customerEmail: string;
      customerPhone?: string | undefined;
    }
  | {
      kind: 'shop_daily_summary';
      /** The day it is about (YYYY-MM-DD, usually tomorrow). */
      date: string;
      totals: readonly SummaryLine[];
      /** The day's standing orders, by time. */
      orders: readonly {
        orderNumber: number;
        customerName: string;
        deliveryType: DeliveryType;
        deliveryDate: string;
        totalCents: number;
        paid: boolean;
      }[];
    };

export type NotificationMessage = CustomerMessage | ShopMessage;

/** What every e-mail says of the shop, as its settings and calendar say it when sent. */
export interface ShopFacts {
  settings: ShopSettings;
  /** The calendar's hours in words ('segunda a sábado, das 9h às 18h'). */
  hoursText: string;
  /** The shop's origin, for links ('http://localhost:8080'). */
  publicUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Links an e-mail may carry besides the shop's: the unsubscribe page for non-essential customer e-mails. */
export interface EmailLinksFor {
  /** Absent for essential e-mails and the shop's own. */
  unsubscribe?: string | undefined;
}
