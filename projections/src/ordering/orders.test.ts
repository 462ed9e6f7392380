import { describe, expect, it } from 'vitest';
import {
  orderDocumentSchema,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  orderStreamName,
  paymentStreamName,
  type OrderEvent,
  type PaymentEvent,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint, writeCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { project } from '../testing';
import { ProjectionRunner } from '../runner';
import { ordersProjection } from './orders';

const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const paymentId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** The n-th event of a test is recorded at position n, n seconds after noon (see testing.ts). */
const at = (position: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, position)).toISOString();

const placed = {
  type: 'OrderPlaced' as const,
  data: aPlacedOrder({ orderId, paymentId }),
} satisfies OrderEvent;
const pixPending: PaymentEvent = {
  type: 'PaymentPending',
  data: {
    paymentId,
    orderId,
    providerPaymentId: 'mp-1',
    statusDetail: 'pending_waiting_transfer',
    expiresAt: '2026-11-22T12:30:00.000Z',
    pix: { qrCode: '00020126pix', ticketUrl: 'https://pix.example/1' },
  },
};
const approved: PaymentEvent = {
  type: 'PaymentApproved',
  data: { paymentId, orderId, providerPaymentId: 'mp-1', statusDetail: 'accredited' },
};
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paymentId, amountCents: 1_200 } };

type Event = OrderEvent | PaymentEvent;

/** Given these events of one order (and its payment), then this document. */
const given = (events: Event[]) =>
  project(ordersProjection, events, { streamName: orderStreamName(orderId), documentId: orderId });

describe('orders projection', () => {
  it('given an order placed, then a pending order with a pending payment and nothing from the provider yet', () => {
    expect(given([placed])).toEqual({
      _id: orderId,
      orderNumber: 1001,
      userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
      customerName: 'Maria da Silva',
      customerEmail: 'maria@example.com',
      customerPhone: null,
      customerCpf: '52998224725',
      items: placed.data.items,
      totalCents: 1_200,
      deliveryFeeCents: 0,
      deliveryZone: null,
      orderStatus: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'pix',
      paymentId,
      providerPaymentId: null,
      providerStatus: null,
      statusDetail: null,
      deliveryType: 'pickup',
      deliveryDate: '2026-11-25T10:00:00-03:00',
      address: null,
      notes: '',
      createdAt: at(1),
      updatedAt: at(1),
      paidAt: null,
      cancelledAt: null,
      cancelReason: null,
      refundedAfterCancel: false,
      paidCents: 0,
      refunds: [],
      refundedCents: 0,
      chargeback: null,
      providerRefund: null,
      pix: null,
      boleto: null,
      paymentExpiresAt: null,
      isDeleted: false,
      searchText: '1001 maria da silva maria@example.com',
      position: 1,
    });
  });

  it('given an order placed with notes for the kitchen (issue 40), then the document carries them', () => {
    const withNotes = {
      type: 'OrderPlaced' as const,
      data: aPlacedOrder({ orderId, paymentId, notes: 'Escrever Feliz Aniversário' }),
    } satisfies OrderEvent;

    expect(given([withNotes])).toMatchObject({ notes: 'Escrever Feliz Aniversário' });
  });

  it('given a delivery placed with a phone and a fee from its zone (issue 37), then the phone, the fee and the zone beside the total', () => {
    const delivery = {
      type: 'OrderPlaced' as const,
      data: aPlacedOrder({
        orderId,
        paymentId,
        customer: { ...placed.data.customer, phone: '11987654321' },
        totalCents: 2_700,
        deliveryFeeCents: 1_500,
        deliveryZone: 'Centro',
        deliveryType: 'delivery',
        address: {
          zipCode: '01310100',
          streetName: 'Avenida Paulista',
          streetNumber: '1000',
          complement: 'apto 12',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          federalUnit: 'SP',
        },
      }),
    } satisfies OrderEvent;

    expect(given([delivery])).toMatchObject({
      customerPhone: '11987654321',
      customerCpf: '52998224725',
      totalCents: 2_700,
      deliveryFeeCents: 1_500,
      deliveryZone: 'Centro',
      address: { zipCode: '01310100', complement: 'apto 12' },
    });
  });

  it('given a Pix pending at the provider, then its provider id, status, QR code and expiry', () => {
    expect(given([placed, pixPending])).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'pending',
      providerPaymentId: 'mp-1',
      providerStatus: 'pending',
      statusDetail: 'pending_waiting_transfer',
      pix: { qrCode: '00020126pix', ticketUrl: 'https://pix.example/1' },
      boleto: null,
      paymentExpiresAt: '2026-11-22T12:30:00.000Z',
      updatedAt: at(2),
      position: 2,
    });
  });

  it('given the payment approved and the order paid, then approved and processing (the Pix kept), paid at the OrderPaid', () => {
    expect(given([placed, pixPending, approved, paid])).toMatchObject({
      orderStatus: 'processing',
      paymentStatus: 'approved',
      providerStatus: 'approved',
      statusDetail: 'accredited',
      pix: { qrCode: '00020126pix', ticketUrl: 'https://pix.example/1' },
      paidAt: at(4),
      cancelledAt: null,
      position: 4,
    });
  });

  it('given an order an admin marked ready for pickup while its Pix was pending, when it is paid, then approved and still ready for pickup', () => {
    const ready: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { orderId, from: 'pending', to: 'ready_for_pickup' },
    };
    expect(given([placed, pixPending, ready, approved, paid])).toMatchObject({
      orderStatus: 'ready_for_pickup',
      paymentStatus: 'approved',
      paidAt: at(5),
    });
  });

  it('given a payment the provider refused to create and the order cancelled, then rejected with its detail and cancelled with the reason', () => {
    expect(
      given([
        placed,
        {
          type: 'PaymentRejected',
          data: { paymentId, orderId, statusDetail: 'Cartão inválido' },
        },
        { type: 'OrderCancelled', data: { orderId, reason: 'payment_rejected' } },
      ]),
    ).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'rejected',
      providerPaymentId: null,
      providerStatus: 'rejected',
      statusDetail: 'Cartão inválido',
      cancelledAt: at(3),
      cancelReason: 'payment_rejected',
      refundedAfterCancel: false,
    });
  });

  it('given a Pix expired, its order cancelled, then paid anyway and refunded, then cancelled, refunded and refundedAfterCancel', () => {
    const document = given([
      placed,
      pixPending,
      {
        type: 'PaymentCancelled',
        data: {
          paymentId,
          orderId,
          providerPaymentId: 'mp-1',
          statusDetail: 'expired',
          reason: 'expired',
        },
      },
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
      approved,
      {
        type: 'PaymentRefundRequested',
        data: { paymentId, orderId, providerPaymentId: 'mp-1', reason: 'approved_after_cancel' },
      },
    ]);
    expect(document).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'approved',
      cancelReason: 'payment_expired',
      cancelledAt: at(4),
      paidAt: null,
      refundedAfterCancel: true,
    });
    expect(
      project(
        ordersProjection,
        [
          placed,
          pixPending,
          { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
          approved,
          {
            type: 'PaymentRefunded',
            data: {
              paymentId,
              orderId,
              providerPaymentId: 'mp-1',
              statusDetail: 'refunded',
              reason: 'approved_after_cancel',
            },
          },
        ],
        { streamName: paymentStreamName(paymentId), documentId: orderId },
      ),
    ).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
      providerStatus: 'refunded',
      refundedAfterCancel: true,
    });
  });

  it('given a declined card and another card requested for the same order (issue 36), then its payment is pending again, and in review or approved from there', () => {
    const request = {
      paymentId,
      orderId,
      userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
      method: 'credit_card' as const,
      amountCents: 1_200,
      provider: 'simulator' as const,
      paymentMethodId: 'visa',
    };
    const declined: PaymentEvent = {
      type: 'PaymentRejected',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-1',
        statusDetail: 'cc_rejected_other_reason',
      },
    };
    const first: PaymentEvent = { type: 'PaymentRequested', data: request };
    const again: PaymentEvent = {
      type: 'PaymentRequested',
      data: { ...request, paymentMethodId: 'master', attempt: 2 },
    };
    const inReview: PaymentEvent = {
      type: 'PaymentInReview',
      data: { paymentId, orderId, providerPaymentId: 'mp-2', statusDetail: 'pending_contingency' },
    };
    expect(given([placed, first, declined])).toMatchObject({
      paymentStatus: 'rejected',
      providerPaymentId: 'mp-1',
    });
    expect(given([placed, first, declined, again])).toMatchObject({
      paymentStatus: 'pending',
      providerStatus: null,
      providerPaymentId: null,
      statusDetail: null,
      orderStatus: 'pending',
    });
    expect(given([placed, first, declined, again, inReview])).toMatchObject({
      paymentStatus: 'in_review',
      providerPaymentId: 'mp-2',
    });
    const pixInstead: PaymentEvent = {
      type: 'PaymentRequested',
      data: { ...request, method: 'pix', paymentMethodId: 'pix', attempt: 2 },
    };
    expect(given([placed, first, declined, pixInstead])).toMatchObject({
      paymentStatus: 'pending',
      paymentMethod: 'pix',
    });
  });

  it('given a payment in review, then in_review (provider in_process); then approved moves it on', () => {
    const inReview: PaymentEvent = {
      type: 'PaymentInReview',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-2',
        statusDetail: 'pending_review_manual',
      },
    };
    expect(given([placed, inReview])).toMatchObject({
      paymentStatus: 'in_review',
      providerStatus: 'in_process',
      providerPaymentId: 'mp-2',
      statusDetail: 'pending_review_manual',
    });
    expect(given([placed, inReview, approved])).toMatchObject({ paymentStatus: 'approved' });
  });

  it('given a pending report that arrives after the approval (a slow notification), then the approval stays', () => {
    const document = given([placed, approved, pixPending]);
    expect(document).toMatchObject({
      paymentStatus: 'approved',
      providerStatus: 'approved',
      statusDetail: 'accredited',
      pix: null,
      updatedAt: at(2),
      position: 3,
    });
  });

  it('given a boleto pending, then its boleto and expiry; given a charge-back after the approval, then charged_back', () => {
    const boleto = { url: 'https://boleto.example/1', digitableLine: '2379 0000', barcode: '2379' };
    const pending: PaymentEvent = {
      type: 'PaymentPending',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-3',
        statusDetail: 'pending_waiting_payment',
        expiresAt: '2026-11-25T23:59:59.000-03:00',
        boleto,
      },
    };
    expect(given([placed, pending])).toMatchObject({
      boleto,
      pix: null,
      paymentExpiresAt: '2026-11-25T23:59:59.000-03:00',
    });
    expect(
      given([
        placed,
        pending,
        approved,
        paid,
        {
          type: 'PaymentChargedBack',
          data: { paymentId, orderId, providerPaymentId: 'mp-3', statusDetail: 'settled' },
        },
      ]),
    ).toMatchObject({ orderStatus: 'processing', paymentStatus: 'charged_back', boleto });
  });

  it('given an admin moving a paid order along, then its status is the new one', () => {
    expect(
      given([
        placed,
        approved,
        paid,
        {
          type: 'OrderStatusChanged',
          data: { orderId, from: 'processing', to: 'ready_for_pickup' },
        },
      ]),
    ).toMatchObject({
      orderStatus: 'ready_for_pickup',
      paymentStatus: 'approved',
      updatedAt: at(4),
    });
  });

  it('given an admin cancelling a pending order, then cancelled since then, with no payment reason', () => {
    expect(
      given([
        placed,
        { type: 'OrderStatusChanged', data: { orderId, from: 'pending', to: 'cancelled' } },
      ]),
    ).toMatchObject({ orderStatus: 'cancelled', cancelledAt: at(2), cancelReason: null });
  });

  it('given a paid order deleted by an admin, then it is kept, flagged deleted, with its status and payment', () => {
    expect(
      given([placed, approved, paid, { type: 'OrderDeleted', data: { orderId } }]),
    ).toMatchObject({
      isDeleted: true,
      orderStatus: 'processing',
      paymentStatus: 'approved',
      updatedAt: at(4),
      position: 4,
    });
  });

  it('given a customer name with accents, then the search text is folded (number, name, e-mail)', () => {
    const accented = {
      ...placed,
      data: { ...placed.data, customer: { ...placed.data.customer, name: 'Ângela Conceição' } },
    };
    expect(given([accented])).toMatchObject({
      searchText: '1001 angela conceicao maria@example.com',
    });
  });

  describe('the money of a paid order going back (issue 38)', () => {
    const refundA = '1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a';
    const refundB = '2b2b2b2b-2b2b-4b2b-8b2b-2b2b2b2b2b2b';
    const requested = (refundId: string, amountCents: number, note?: string): PaymentEvent => ({
      type: 'PaymentRefundRequested',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-1',
        reason: note === undefined ? 'order_cancelled' : 'admin',
        refundId,
        amountCents,
        ...(note === undefined ? {} : { note }),
      },
    });
    const completed = (refundId: string, amountCents: number, note?: string): PaymentEvent => ({
      type: 'PaymentRefundCompleted',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-1',
        refundId,
        amountCents,
        reason: note === undefined ? 'order_cancelled' : 'admin',
        ...(note === undefined ? {} : { note }),
        refundedAt: '2026-11-23T15:00:00.000Z',
      },
    });
    const failed = (refundId: string, amountCents: number): PaymentEvent => ({
      type: 'PaymentRefundFailed',
      data: { paymentId, orderId, refundId, amountCents, detail: 'sem resposta' },
    });
    const providerRefunded: PaymentEvent = {
      type: 'PaymentRefunded',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'mp-1',
        statusDetail: 'refunded',
        reason: 'provider',
      },
    };

    it('given R$ 2,00 of a R$ 12,00 payment refunded, then the refund completed, 2,00 refunded, and the payment still approved', () => {
      const document = given([
        placed,
        approved,
        paid,
        requested(refundA, 200, 'Item em falta'),
        completed(refundA, 200, 'Item em falta'),
      ]);
      expect(document).toMatchObject({
        paymentStatus: 'approved',
        paidCents: 1_200,
        refundedCents: 200,
        refunds: [
          {
            refundId: refundA,
            amountCents: 200,
            status: 'completed',
            reason: 'admin',
            note: 'Item em falta',
            requestedAt: at(4),
            refundedAt: '2026-11-23T15:00:00.000Z',
            failureDetail: null,
          },
        ],
      });
    });

    it('given a partial refund and then the rest refunded on cancelling, then refunded, both kept in order', () => {
      const document = given([
        placed,
        approved,
        paid,
        requested(refundA, 200, 'Item em falta'),
        completed(refundA, 200),
        { type: 'OrderStatusChanged', data: { orderId, from: 'processing', to: 'cancelled' } },
        requested(refundB, 1_000),
        completed(refundB, 1_000),
      ]);
      expect(document).toMatchObject({
        orderStatus: 'cancelled',
        paymentStatus: 'refunded',
        providerStatus: 'refunded',
        refundedCents: 1_200,
      });
      expect(
        orderDocumentSchema
          .parse(document)
          .refunds.map((refund) => [refund.refundId, refund.status]),
      ).toEqual([
        [refundA, 'completed'],
        [refundB, 'completed'],
      ]);
    });

    it('given the provider’s refunded status before the last refund completed, and a late approved after, then refunded all the same', () => {
      expect(
        given([
          placed,
          approved,
          paid,
          requested(refundA, 1_200),
          providerRefunded,
          completed(refundA, 1_200),
          approved,
        ]),
      ).toMatchObject({ paymentStatus: 'refunded', refundedCents: 1_200 });
    });

    it('given a refund that failed, then it stands failed with the detail; retried under the same id and completed, then one refund, completed', () => {
      const failedOnce = given([
        placed,
        approved,
        paid,
        requested(refundA, 500),
        failed(refundA, 500),
      ]);
      expect(failedOnce).toMatchObject({
        paymentStatus: 'approved',
        refundedCents: 0,
        refunds: [{ refundId: refundA, status: 'failed', failureDetail: 'sem resposta' }],
      });
      const retried = given([
        placed,
        approved,
        paid,
        requested(refundA, 500),
        failed(refundA, 500),
        requested(refundA, 500),
        completed(refundA, 500),
        completed(refundA, 500),
      ]);
      expect(retried?.refunds).toHaveLength(1);
      expect(retried).toMatchObject({
        refundedCents: 500,
        refunds: [{ status: 'completed', failureDetail: null, requestedAt: at(4) }],
      });
    });

    it('given a chargeback with its amount after a partial refund, then charged back with its amount and time', () => {
      expect(
        given([
          placed,
          approved,
          paid,
          requested(refundA, 200, 'Atraso'),
          completed(refundA, 200),
          {
            type: 'PaymentChargedBack',
            data: {
              paymentId,
              orderId,
              providerPaymentId: 'mp-1',
              statusDetail: 'chargeback',
              amountCents: 1_000,
            },
          },
        ]),
      ).toMatchObject({
        paymentStatus: 'charged_back',
        refundedCents: 200,
        chargeback: { amountCents: 1_000, at: at(6) },
      });
    });

    it('given an older chargeback without an amount, then what had not been refunded', () => {
      expect(
        given([
          placed,
          approved,
          paid,
          {
            type: 'PaymentChargedBack',
            data: { paymentId, orderId, providerPaymentId: 'mp-1', statusDetail: 'chargeback' },
          },
        ]),
      ).toMatchObject({ chargeback: { amountCents: 1_200, at: at(4) } });
    });

    it('given an older log’s refund (no id: the provider’s refunded), then refunded, when and why the provider said so, no refund recorded', () => {
      expect(given([placed, approved, paid, providerRefunded])).toMatchObject({
        paymentStatus: 'refunded',
        refunds: [],
        refundedCents: 0,
        providerRefund: { at: at(4), reason: 'provider' },
      });
    });
  });

  it('given payment events of an order never placed, then no document', () => {
    expect(given([approved, paid])).toBeNull();
  });

  it('given an order stored at position 4, when positions 1–4 are delivered again (a lost checkpoint), then none is applied twice; a later event still is', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const orders = readStore.collection(ORDERS_COLLECTION);
    const metadata = {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system' as const,
      occurredAt: '2026-11-22T12:00:00.000Z',
    };
    const append = (stream: string, event: Event) =>
      eventStore.appendToStream(stream, [{ id: crypto.randomUUID(), ...event, metadata }]);
    const run = async () => {
      const runner = new ProjectionRunner({
        eventStore,
        readStore,
        projections: [ordersProjection],
        logger: silentLogger,
      });
      await runner.start();
      await runner.stop();
      return orderDocumentSchema.parse(await orders.get(orderId));
    };
    await append(orderStreamName(orderId), placed);
    await append(paymentStreamName(paymentId), pixPending);
    await append(paymentStreamName(paymentId), approved);
    await append(orderStreamName(orderId), paid);
    expect(await run()).toMatchObject({ orderStatus: 'processing', position: 4 });

    // A mark no event writes: re-applying OrderPlaced (or any of 1–4) would erase it.
    const stored = await orders.get(orderId);
    if (!stored) throw new Error('no order stored');
    await orders.put({ ...stored, customerName: 'applied once' });
    await writeCheckpoint(readStore, ORDERS_PROJECTION, 0);
    expect(await run()).toMatchObject({ customerName: 'applied once', position: 4 });
    expect(await readCheckpoint(readStore, ORDERS_PROJECTION)).toBe(4);

    await append(orderStreamName(orderId), {
      type: 'OrderStatusChanged',
      data: { orderId, from: 'processing', to: 'ready_for_pickup' },
    });
    expect(await run()).toMatchObject({ orderStatus: 'ready_for_pickup', position: 5 });
  });
});
