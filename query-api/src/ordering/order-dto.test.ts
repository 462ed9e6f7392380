import { describe, expect, it } from 'vitest';
import { orderDtoSchema, paymentMessages, paymentStatusDtoSchema } from '@quitute/contracts';
import { anOrder } from './order-fixtures';
import { toOrderDto, toPaymentStatusDto } from './order-dto';

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
