import { z } from 'zod';
import type { EventOf } from '../shared/events';

/**
 * Sales, stream `sale-<saleId>`: what the admin reports add up (admin-spec §3).
 * An online sale is recorded once its order is paid (saleId = the order's id, so
 * it is recorded once); a physical (counter) sale is entered by an admin.
 * Append-only (STYLE rule 3).
 */
export const SALE_SOURCES = ['online', 'physical'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

export const saleLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  quantity: z.number().int().positive(),
  revenueCents: z.number().int().nonnegative(),
});

export const saleRecordedSchema = z.object({
  saleId: z.uuid(),
  source: z.enum(SALE_SOURCES),
  amountCents: z.number().int().nonnegative(),
  clientName: z.string(),
  /** When the sale happened (ISO); reports count it on the shop's calendar day. */
  soldAt: z.string(),
  orderId: z.uuid().optional(),
  orderNumber: z.number().int().positive().optional(),
  /** Online sales: what was sold (the monthly report's top products). */
  items: z.array(saleLineSchema).optional(),
  /**
   * Issue 37: the order's delivery fee, inside amountCents but no product's
   * revenue: the reports show it apart ('Taxa de entrega'). 0 for pickup, for
   * counter sales; absent on sales recorded before fees existed (read as 0).
   */
  deliveryFeeCents: z.number().int().nonnegative().optional(),
});

/** An admin corrected a physical sale (online sales are read-only): its new client, amount and date. */
export const saleAmendedSchema = z.object({
  saleId: z.uuid(),
  amountCents: z.number().int().nonnegative(),
  clientName: z.string(),
  soldAt: z.string(),
});

/** An admin deleted a physical sale: the reports stop counting it. */
export const saleDeletedSchema = z.object({ saleId: z.uuid() });

/** Why an online sale stopped counting: its payment was given back. */
export const SALE_REVERSAL_REASONS = ['refunded', 'charged_back'] as const;
export type SaleReversalReason = (typeof SALE_REVERSAL_REASONS)[number];

/**
 * The payment of an online sale was refunded or charged back: the reports stop
 * counting the sale. It carries what the sale had added (its time, amount and
 * lines), so a read model keyed by the sale's month takes that back from it.
 */
export const onlineSaleReversedSchema = z.object({
  saleId: z.uuid(),
  orderId: z.uuid(),
  reason: z.enum(SALE_REVERSAL_REASONS),
  soldAt: z.string(),
  amountCents: z.number().int().nonnegative(),
  items: z.array(saleLineSchema),
  /** The delivery fee the sale had counted (in amountCents). */
  deliveryFeeCents: z.number().int().nonnegative().optional(),
});

/** What a refund took back from one line of an online sale. */
export const saleRefundLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  /** Units no longer sold: the line's units on the refund that gives the sale back in full, 0 before. */
  quantity: z.number().int().nonnegative(),
  revenueCents: z.number().int().nonnegative(),
});

/**
 * Issue 38: money of an online sale went back to the payer (a refund, whole or
 * partial, or a chargeback), counted on the day it moved (`refundedAt`), not
 * on the sale's. One per refund (`refundId`, the payment's; a chargeback's is
 * derived from the order), so a repeat appends nothing. The amount is split
 * over the sale's lines and its delivery fee in proportion (largest remainder,
 * so the parts add up to the cent); `final` when it gives back the sale's last
 * centavo: the sale then no longer counts as one.
 * Supersedes OnlineSaleReversed, which took the whole sale back on its own day
 * (still read, for the events recorded before).
 */
export const onlineSaleRefundedSchema = z.object({
  saleId: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.number().int().positive().optional(),
  refundId: z.uuid(),
  reason: z.enum(SALE_REVERSAL_REASONS),
  /** ISO: when the money moved. */
  refundedAt: z.string(),
  /** The client's name, as on the sale. */
  clientName: z.string(),
  amountCents: z.number().int().positive(),
  /** The part of amountCents that was delivery fee. */
  deliveryFeeCents: z.number().int().nonnegative(),
  items: z.array(saleRefundLineSchema),
  final: z.boolean(),
});

export const saleEventSchemas = {
  SaleRecorded: saleRecordedSchema,
  SaleAmended: saleAmendedSchema,
  SaleDeleted: saleDeletedSchema,
  OnlineSaleReversed: onlineSaleReversedSchema,
  OnlineSaleRefunded: onlineSaleRefundedSchema,
} as const;
export type SaleEvent = EventOf<typeof saleEventSchemas>;
export const SALE_EVENT_TYPES = Object.keys(saleEventSchemas) as SaleEvent['type'][];

export function saleStreamName(saleId: string): string {
  return `sale-${saleId}`;
}
