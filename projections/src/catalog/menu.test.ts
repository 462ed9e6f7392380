import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { ReadDocument } from '@quitute/infra/read-store';
import { menuProjection } from './menu';

const productId = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';

function recorded(event: CatalogEvent, position: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: event.type,
    streamName: `product-${productId}`,
    revision: position - 1,
    position,
    data: event.data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
    recordedAt: '2026-11-21T12:00:00.000Z',
  };
}

/** Given these events, then this document. */
function project(events: CatalogEvent[]): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const routed = menuProjection.route(recorded(event, index + 1));
    expect(routed.documentId).toBe(productId);
    return routed.evolve(document);
  }, null);
}

const added: CatalogEvent = {
  type: 'ProductAdded',
  data: {
    productId,
    name: 'Pão de Queijo',
    priceCents: 100,
    category: 'Salgados Assados',
    description: 'Receita mineira com polvilho.',
    imageUrl: '/images/cardapio/pao-de-queijo.svg',
    stock: 500,
    itens: [],
    isActive: true,
  },
};

describe('menu projection', () => {
  it('given ProductAdded, then a listed document searchable without accents', () => {
    expect(project([added])).toEqual({
      _id: productId,
      name: 'Pão de Queijo',
      priceCents: 100,
      category: 'Salgados Assados',
      description: 'Receita mineira com polvilho.',
      imageUrl: '/images/cardapio/pao-de-queijo.svg',
      stock: 500,
      itens: [],
      isActive: true,
      isDeleted: false,
      searchText: 'pao de queijo receita mineira com polvilho.',
      addedAt: 1,
    });
  });

  it('given ProductUpdated, then fields and search text change, position of addition stays', () => {
    const { productId: _id, isActive: _active, ...fields } = added.data;
    const document = project([
      added,
      { type: 'ProductUpdated', data: { productId, ...fields, name: 'Pãozinho', priceCents: 110 } },
    ]);
    expect(document).toMatchObject({
      name: 'Pãozinho',
      priceCents: 110,
      searchText: 'paozinho receita mineira com polvilho.',
      addedAt: 1,
    });
  });

  it('given deactivation, activation and deletion, then the flags follow', () => {
    expect(project([added, { type: 'ProductDeactivated', data: { productId } }])).toMatchObject({
      isActive: false,
    });
    expect(
      project([
        added,
        { type: 'ProductDeactivated', data: { productId } },
        { type: 'ProductActivated', data: { productId } },
      ]),
    ).toMatchObject({ isActive: true });
    expect(project([added, { type: 'ProductDeleted', data: { productId } }])).toMatchObject({
      isDeleted: true,
      isActive: true,
    });
  });

  it('given an event for an unknown product, then no document', () => {
    expect(project([{ type: 'ProductActivated', data: { productId } }])).toBeNull();
  });

  it('handles the five catalog events and nothing else', () => {
    expect(
      [
        'ProductAdded',
        'ProductUpdated',
        'ProductActivated',
        'ProductDeactivated',
        'ProductDeleted',
      ].every((type) => menuProjection.handles(type)),
    ).toBe(true);
    expect(menuProjection.handles('UserRegistered')).toBe(false);
  });
});
