import type { NewEvent } from '@quitute/infra/event-store';

const metadata = {
  correlationId: 'bench',
  causationId: 'bench',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-21T12:00:00.000Z',
};

/** A realistic catalog event (the shape the menu projection reads). */
export function productEvent(productId: string, n: number): NewEvent {
  if (n === 0) {
    return {
      id: crypto.randomUUID(),
      type: 'ProductAdded',
      data: {
        productId,
        name: `Produto ${productId.slice(0, 8)}`,
        priceCents: 60,
        category: 'Salgados Fritos',
        description: 'Massa macia recheada, empanada e frita na hora.',
        imageUrl: null,
        stock: 100,
        itens: [],
        isActive: true,
      },
      metadata,
    };
  }
  return {
    id: crypto.randomUUID(),
    type: 'ProductUpdated',
    data: {
      productId,
      name: `Produto ${productId.slice(0, 8)} v${n}`,
      priceCents: 60 + (n % 40),
      category: 'Salgados Fritos',
      description: 'Massa macia recheada, empanada e frita na hora.',
      imageUrl: null,
      stock: 100 + n,
      itens: [],
    },
    metadata,
  };
}
