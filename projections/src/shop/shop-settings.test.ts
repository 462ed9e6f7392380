import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  SHOP_SETTINGS_STREAM,
  type ShopSettings,
  type ShopSettingsEvent,
} from '@quitute/contracts';
import type { ReadDocument } from '@quitute/infra/read-store';
import { recordedAt } from '@quitute/infra/testing';
import { shopSettingsProjection } from './shop-settings';

const admin = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const seeded = (): ShopSettings => structuredClone(DEFAULT_SHOP_SETTINGS);

/** Given these events of the settings' stream (event n at position n, by `actors[n-1]`), then this document. */
function given(events: ShopSettingsEvent[], actors: string[] = []): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const recorded = recordedAt(event, index + 1, SHOP_SETTINGS_STREAM);
    const actorId = actors[index] ?? 'system';
    const routed = shopSettingsProjection.route({
      ...recorded,
      metadata: {
        ...recorded.metadata,
        actorId,
        actorRole: actorId === 'system' ? 'system' : 'admin',
      },
    });
    expect(routed.documentId).toBe('shop');
    return routed.evolve(document);
  }, null);
}

describe('shop settings projection', () => {
  it('given the first start’s ShopSettingsSeeded, then the one document holds today’s values, by the system', () => {
    expect(given([{ type: 'ShopSettingsSeeded', data: { settings: seeded() } }])).toEqual({
      _id: 'shop',
      settings: DEFAULT_SHOP_SETTINGS,
      updatedAt: '2026-11-22T12:00:01.000Z',
      updatedBy: 'system',
      position: 1,
    });
  });

  it('given an admin then changed the WhatsApp number and the zones, then the document is the new settings, when and by whom', () => {
    const changed: ShopSettings = {
      ...seeded(),
      whatsapp: '21998765432',
      deliveryZones: [
        {
          name: 'Centro',
          zipCodeFrom: '01000000',
          zipCodeTo: '05999999',
          feeCents: 1500,
          minimumOrderCents: 10_000,
        },
      ],
    };

    const document = given(
      [
        { type: 'ShopSettingsSeeded', data: { settings: seeded() } },
        {
          type: 'ShopSettingsChanged',
          data: { settings: changed, changedFields: ['whatsapp', 'deliveryZones'] },
        },
      ],
      ['system', admin],
    );

    expect(document).toEqual({
      _id: 'shop',
      settings: changed,
      updatedAt: '2026-11-22T12:00:02.000Z',
      updatedBy: admin,
      position: 2,
    });
  });
});
