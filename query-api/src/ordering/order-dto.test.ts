import { describe, expect, it } from 'vitest';
import {
  adminOrderDtoSchema,
  orderDtoSchema,
  paymentMessages,
  paymentStatusDtoSchema,
  type OrderRefund,
} from '@quitute/contracts';
import { anOrder } from './order-fixtures';
import { toAdminOrderDto, toOrderDto, toPaymentStatusDto } from './order-dto';

describe('toOrderDto', () => {
  it('given a pending Pix order, then money in reais, lines as {item, quantity}, the provider id as paymentId, the order id as external reference and the Pix message as details', () => {
    const dto = toOrderDto(anOrder());

    expect(orderDtoSchema.parse(dto)).toEqual(dto);
    expect(dto).toEqual({
      _id: '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      orderNumber: 1001,
      items: [
        {
          item: {
            name: 'Coxinha de Frango',
            price: 0.6,
            category: 'Salgados Fritos',
            productId: '11111111-1111-4111-8111-111111111111',
          },
          quantity: 40,
        },
        {
          item: {
            name: 'Kit Festa 1',
            price: 145,
            category: 'Kits Festa',
            productId: '33333333-3333-4333-8333-333333333333',
          },
          quantity: 1,
        },
      ],
      total: 169,
      orderStatus: 'pending',
      paymentStatus: 'pending',
      deliveryType: 'pickup',
      deliveryDate: '2026-11-27T14:30:00-03:00',
      customerName: 'Ana Souza',
      customerEmail: 'ana@exemplo.com.br',
      customerPhone: '11987654321',
      customerCpf: '52998224725',
      deliveryFee: 0,
      customerAddress: null,
      createdAt: '2026-11-25T13:00:00.000Z',
      paymentMethod: 'pix',
      paymentId: '1325547890',
      externalReference: '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      details: 'Aguardando pagamento via Pix.',
      refundedTotal: 0,
      refunds: [],
      chargeback: null,
      pendingPayment: {
        pixQrCode: '00020126580014br.gov.bcb.pix0136…',
        ticketUrl: 'http://127.0.0.1/simulator',
        expiresAt: '2026-11-25T13:30:00.000Z',
      },
    });
  });

  it('given a pending boleto, then its link and digitable line to pay it later, also once an admin readied the order; once paid, cancelled or rejected, then nothing to pay', () => {
    const boleto = anOrder({
      paymentMethod: 'boleto',
      pix: null,
      boleto: { url: 'https://boleto.example/1', digitableLine: '23790.50400', barcode: '2379' },
      paymentExpiresAt: '2026-11-28T02:59:59.000Z',
    });
    expect(toOrderDto(boleto).pendingPayment).toEqual({
      boletoUrl: 'https://boleto.example/1',
      boletoDigitableLine: '23790.50400',
      expiresAt: '2026-11-28T02:59:59.000Z',
    });

    expect(toOrderDto({ ...boleto, orderStatus: 'ready_for_pickup' }).pendingPayment).toEqual(
      toOrderDto(boleto).pendingPayment,
    );
    const approved = toOrderDto({
      ...boleto,
      paymentStatus: 'approved',
      orderStatus: 'processing',
    });
    const cancelled = toOrderDto({ ...boleto, orderStatus: 'cancelled' });
    const rejected = toOrderDto({ ...boleto, paymentStatus: 'rejected' });
    expect([approved, cancelled, rejected].map((dto) => 'pendingPayment' in dto)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('given a delivery with an address, then the customer address, its complement only when there is one', () => {
    const address = {
      zipCode: '01001000',
      streetName: 'Praça da Sé',
      streetNumber: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      federalUnit: 'SP',
    };

    const plain = toOrderDto(anOrder({ deliveryType: 'delivery', address }));
    const withComplement = toOrderDto(
      anOrder({ deliveryType: 'delivery', address: { ...address, complement: 'apto 12' } }),
    );

    expect(plain.customerAddress).toEqual(address);
    expect(plain.customerAddress).not.toHaveProperty('complement');
    expect(withComplement.customerAddress).toEqual({ ...address, complement: 'apto 12' });
  });

  it('given a delivery with its zone’s fee (issue 37), then the fee in reais inside the total, and the phone to call', () => {
    const dto = toOrderDto(
      anOrder({
        deliveryType: 'delivery',
        totalCents: 18_400,
        deliveryFeeCents: 1_500,
        deliveryZone: 'Centro',
        customerPhone: '11912345678',
      }),
    );

    expect(dto).toMatchObject({ total: 184, deliveryFee: 15, customerPhone: '11912345678' });
  });

  it('given an order from before issue 37, then no phone and no fee', () => {
    expect(toOrderDto(anOrder({ customerPhone: null }))).toMatchObject({
      customerPhone: null,
      deliveryFee: 0,
    });
  });

  it('given each payment state, then details says what the customer must know about it', () => {
    const details = (fields: Parameters<typeof anOrder>[0]) => toOrderDto(anOrder(fields)).details;

    expect(details({ paymentStatus: 'approved', orderStatus: 'processing' })).toBe(
      'Pagamento aprovado com sucesso!',
    );
    expect(details({ paymentMethod: 'boleto' })).toBe('Aguardando pagamento via Boleto.');
    expect(details({ paymentMethod: 'credit_card' })).toBe('Pagamento pendente de confirmação.');
    expect(details({ paymentStatus: 'in_review' })).toBe(paymentMessages.inReview);
    expect(
      details({ paymentStatus: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' }),
    ).toBe('Pagamento rejeitado. Detalhes: saldo ou limite insuficiente. Tente novamente.');
    expect(details({ paymentStatus: 'rejected', statusDetail: null })).toBe(
      'Pagamento rejeitado. Detalhes: N/A. Tente novamente.',
    );
    expect(details({ paymentStatus: 'cancelled', orderStatus: 'cancelled' })).toBe(
      'Pagamento cancelado.',
    );
    expect(details({ paymentStatus: 'charged_back' })).toBe('Pagamento estornado (chargeback).');
  });

  it('given an approval refunded because the order had been cancelled, then details is the refund notice, not "refunded"', () => {
    const dto = toOrderDto(
      anOrder({
        orderStatus: 'cancelled',
        paymentStatus: 'refunded',
        cancelReason: 'payment_expired',
        refundedAfterCancel: true,
      }),
    );

    expect(dto.details).toBe(paymentMessages.refundedAfterCancel);
  });

  it('given a payment the provider never answered, then paymentId is null', () => {
    expect(toOrderDto(anOrder({ providerPaymentId: null })).paymentId).toBeNull();
  });
});

describe('refunds on the customer’s and the admin’s order (issue 38)', () => {
  const paidAt = '2026-11-25T13:05:00.000Z';
  const paidOrder = (fields: Parameters<typeof anOrder>[0] = {}) =>
    anOrder({
      orderStatus: 'processing',
      paymentStatus: 'approved',
      providerStatus: 'approved',
      statusDetail: 'accredited',
      paidAt,
      paidCents: 16_900,
      ...fields,
    });
  const refund = (fields: Partial<OrderRefund>): OrderRefund => ({
    refundId: '1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a',
    amountCents: 2_000,
    status: 'completed',
    reason: 'admin',
    note: 'Item em falta',
    requestedAt: '2026-11-26T12:00:00.000Z',
    refundedAt: '2026-11-26T12:00:05.000Z',
    failureDetail: null,
    ...fields,
  });
  const missingItem = refund({});
  const lateDelivery = refund({
    refundId: '2b2b2b2b-2b2b-4b2b-8b2b-2b2b2b2b2b2b',
    amountCents: 1_000,
    status: 'pending',
    note: 'Atraso na entrega',
    requestedAt: '2026-11-27T12:00:00.000Z',
    refundedAt: null,
  });
  const failed = refund({
    refundId: '3c3c3c3c-3c3c-4c3c-8c3c-3c3c3c3c3c3c',
    amountCents: 500,
    status: 'failed',
    note: null,
    requestedAt: '2026-11-27T13:00:00.000Z',
    refundedAt: null,
    failureDetail: 'O provedor não respondeu',
  });

  it('given R$ 20,00 refunded, R$ 10,00 on its way back and a failed one, then she sees only the completed refund, her note as its reason, and both in details', () => {
    const dto = toOrderDto(
      paidOrder({ refunds: [missingItem, lateDelivery, failed], refundedCents: 2_000 }),
    );

    expect(orderDtoSchema.parse(dto)).toEqual(dto);
    expect(dto).toMatchObject({
      paymentStatus: 'approved',
      refundedTotal: 20,
      refunds: [{ amount: 20, at: '2026-11-26T12:00:05.000Z', reason: 'Item em falta' }],
      chargeback: null,
      details:
        'Pagamento aprovado com sucesso! Reembolso parcial de R$ 20,00. Reembolso de R$ 10,00 solicitado. Aguardando a confirmação do sistema de pagamento.',
    });
  });

  it('given the same order, then the admin sees what may still be refunded (paid − completed − pending) and every attempt with its status and detail', () => {
    const dto = toAdminOrderDto(
      paidOrder({ refunds: [missingItem, lateDelivery, failed], refundedCents: 2_000 }),
    );

    expect(adminOrderDtoSchema.parse(dto)).toEqual(dto);
    expect(dto.refundable).toBe(139);
    expect(dto.refundAttempts).toEqual([
      {
        refundId: missingItem.refundId,
        amount: 20,
        status: 'completed',
        reason: 'Item em falta',
        at: '2026-11-26T12:00:00.000Z',
        detail: null,
      },
      {
        refundId: lateDelivery.refundId,
        amount: 10,
        status: 'pending',
        reason: 'Atraso na entrega',
        at: '2026-11-27T12:00:00.000Z',
        detail: null,
      },
      {
        refundId: failed.refundId,
        amount: 5,
        status: 'failed',
        reason: 'Reembolso da loja',
        at: '2026-11-27T13:00:00.000Z',
        detail: 'O provedor não respondeu',
      },
    ]);
  });

  it('given a paid order cancelled and refunded in full, then Reembolsado, the refunds oldest first, the cancellation’s reason, nothing left to refund', () => {
    const cancelled = refund({
      refundId: '4d4d4d4d-4d4d-4d4d-8d4d-4d4d4d4d4d4d',
      amountCents: 14_900,
      reason: 'order_cancelled',
      note: null,
      requestedAt: '2026-11-27T09:00:00.000Z',
      refundedAt: '2026-11-27T09:00:03.000Z',
    });
    const order = paidOrder({
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
      refunds: [cancelled, missingItem],
      refundedCents: 16_900,
    });

    expect(toOrderDto(order)).toMatchObject({
      refundedTotal: 169,
      refunds: [
        { amount: 20, at: '2026-11-26T12:00:05.000Z', reason: 'Item em falta' },
        { amount: 149, at: '2026-11-27T09:00:03.000Z', reason: 'Pedido cancelado pela loja' },
      ],
      details: 'Pagamento reembolsado.',
    });
    expect(toAdminOrderDto(order).refundable).toBe(0);
  });

  it('given a chargeback, then its amount and time for her, and nothing left for the admin to refund', () => {
    const order = paidOrder({
      paymentStatus: 'charged_back',
      chargeback: { amountCents: 16_900, at: '2026-12-01T10:00:00.000Z' },
    });

    expect(toOrderDto(order).chargeback).toEqual({ amount: 169, at: '2026-12-01T10:00:00.000Z' });
    expect(toAdminOrderDto(order).refundable).toBe(0);
  });

  it('given an order refunded before issue 38 (only the provider’s refunded), then the whole payment back when the provider said so', () => {
    const dto = toOrderDto(
      paidOrder({
        paymentStatus: 'refunded',
        providerRefund: { at: '2026-11-28T10:00:00.000Z', reason: 'provider' },
      }),
    );

    expect(dto).toMatchObject({
      refundedTotal: 169,
      refunds: [
        {
          amount: 169,
          at: '2026-11-28T10:00:00.000Z',
          reason: 'Reembolso feito pelo sistema de pagamento',
        },
      ],
    });
  });

  it('given an order never paid, then nothing to refund', () => {
    expect(toAdminOrderDto(anOrder())).toMatchObject({ refundable: 0, refundAttempts: [] });
  });
});

describe('toPaymentStatusDto', () => {
  it("given a pending Pix, then the provider's id and status, the shop's status and the Pix message", () => {
    const dto = toPaymentStatusDto(anOrder(), '1325547890');

    expect(paymentStatusDtoSchema.parse(dto)).toEqual(dto);
    expect(dto).toEqual({
      paymentId: '1325547890',
      orderId: '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      orderNumber: 1001,
      paymentStatus: 'pending',
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      paymentMethod: 'pix',
      message: 'Aguardando pagamento via Pix.',
    });
  });

  it("given a provider status finer than the shop's, then both are told apart", () => {
    const dto = toPaymentStatusDto(
      anOrder({
        paymentMethod: 'credit_card',
        paymentStatus: 'in_review',
        providerStatus: 'in_process',
        statusDetail: 'pending_contingency',
      }),
      '1325547890',
    );

    expect(dto).toMatchObject({
      paymentStatus: 'in_review',
      status: 'in_process',
      statusDetail: 'pending_contingency',
      message: 'Pagamento em revisão. Aguarde a confirmação.',
    });
  });
});
