import { foldForSearch, orderDocumentSchema, type OrderDocument } from '@quitute/contracts';

/**
 * An orders_v6 document for tests, as the orders projection writes it: a Pix
 * order of 40 coxinhas and a kit, pending, for pickup (no delivery fee), with
 * the customer's phone and CPF. Parsed, so a fixture
 * can never drift from the read model's shape.
 */
export function anOrder(fields: Partial<OrderDocument> = {}): OrderDocument {
  const order = orderDocumentSchema.parse({
    _id: '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
    orderNumber: 1001,
    userId: '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
    customerName: 'Ana Souza',
    customerEmail: 'ana@exemplo.com.br',
    customerPhone: '11987654321',
    customerCpf: '52998224725',
    items: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        name: 'Coxinha de Frango',
        category: 'Salgados Fritos',
        unitPriceCents: 60,
        quantity: 40,
      },
      {
        productId: '33333333-3333-4333-8333-333333333333',
        name: 'Kit Festa 1',
        category: 'Kits Festa',
        unitPriceCents: 14_500,
        quantity: 1,
      },
    ],
    totalCents: 16_900,
    deliveryFeeCents: 0,
    deliveryZone: null,
    orderStatus: 'pending',
    paymentStatus: 'pending',
    paymentMethod: 'pix',
    paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    providerPaymentId: '1325547890',
    providerStatus: 'pending',
    statusDetail: 'pending_waiting_transfer',
    deliveryType: 'pickup',
    deliveryDate: '2026-11-27T14:30:00-03:00',
    address: null,
    notes: '',
    createdAt: '2026-11-25T13:00:00.000Z',
    updatedAt: '2026-11-25T13:00:01.000Z',
    paidAt: null,
    cancelledAt: null,
    cancelReason: null,
    refundedAfterCancel: false,
    paidCents: 0,
    refunds: [],
    refundedCents: 0,
    chargeback: null,
    providerRefund: null,
    pix: { qrCode: '00020126580014br.gov.bcb.pix0136…', ticketUrl: 'http://127.0.0.1/simulator' },
    boleto: null,
    paymentExpiresAt: '2026-11-25T13:30:00.000Z',
    isDeleted: false,
    searchText: '',
    position: 42,
    ...fields,
  });
  // As the projection folds it, unless a test says otherwise.
  return fields.searchText === undefined
    ? {
        ...order,
        searchText: foldForSearch(
          `${order.orderNumber} ${order.customerName} ${order.customerEmail}`,
        ),
      }
    : order;
}
