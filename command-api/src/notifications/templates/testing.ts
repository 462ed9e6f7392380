import { DEFAULT_SHOP_SETTINGS } from '@quitute/contracts';
import type { OrderFacts, ShopFacts } from './types';

/** Facts for the templates' tests: one order of Ana's, the seeded shop. */

export const ORDER_ID = '8b1d6a52-3c1e-4f7a-9d2b-5e6f7a8b9c0d';

export const shopFacts: ShopFacts = {
  settings: { ...DEFAULT_SHOP_SETTINGS },
  hoursText: 'segunda a sábado, das 9h às 18h',
  publicUrl: 'https://quitute.example/',
};

export function orderFacts(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    orderId: ORDER_ID,
    orderNumber: 1042,
    customerName: 'Ana Souza',
    items: [
      { name: 'Coxinha de frango', quantity: 50, unitPriceCents: 150 },
      { name: 'Brigadeiro gourmet', quantity: 30, unitPriceCents: 250 },
    ],
    deliveryFeeCents: 0,
    totalCents: 15_000,
    deliveryType: 'pickup',
    deliveryDate: '2026-12-05T08:00:00-03:00',
    paymentMethod: 'pix',
    ...overrides,
  };
}

export const deliveryAddress = {
  zipCode: '13010000',
  streetName: 'Rua das Flores',
  streetNumber: '12',
  complement: 'apto 3',
  neighborhood: 'Centro',
  city: 'Campinas',
  federalUnit: 'SP',
};

/** A delivery: the fee and the address. */
export function deliveryOrderFacts(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return orderFacts({
    deliveryType: 'delivery',
    deliveryFeeCents: 1_200,
    totalCents: 16_200,
    address: deliveryAddress,
    ...overrides,
  });
}

/** A Pix copia-e-cola as Mercado Pago gives it: long, no spaces. */
export const PIX_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406150.005802BR5913Quitute Doces6009SAO PAULO62070503***6304ABCD';
/** A bank boleto's 47 digits. */
export const DIGITABLE_LINE = '23793381286000782713695000063305975520000015000';
