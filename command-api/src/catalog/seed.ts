import { v5 as uuidv5 } from 'uuid';
import { menuImagePath, productStreamName, STATIC_MENU, type MenuItem } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { handleCommand } from '../shared/handle-command';
import { parseCatalogEvent, productDecider } from './decider';

const MENU_NAMESPACE = '6b1d2f0a-8e2c-4c8b-b7a4-2f9d0e5c3a71';

/** A menu item's product id never changes, so seeding twice finds the same streams. */
export function menuProductId(slug: string): string {
  return uuidv5(`menu:${slug}`, MENU_NAMESPACE);
}

const SEED_STOCK = { regular: 500, kit: 10 } as const;

/**
 * Appends the static menu (spec §9) on first start. An item whose stream
 * already exists — seeded before, or since edited or deleted by an admin — is
 * left alone, so a restart never duplicates or resurrects anything. Replicas
 * seeding an empty store together all succeed: an item another one appended
 * first is left alone the same way.
 */
export async function seedMenu(
  store: EventStore,
  now: () => Date,
  menu: readonly MenuItem[] = STATIC_MENU,
): Promise<{ added: number; position: number }> {
  let added = 0;
  let position = 0;
  for (const item of menu) {
    const productId = menuProductId(item.slug);
    const streamName = productStreamName(productId);
    const existing = await store.readStream(streamName, { maxCount: 1 });
    if (existing.length > 0) continue;
    const seedId = uuidv5(`seed:${item.slug}`, MENU_NAMESPACE);
    const seeding = handleCommand({
      store,
      decider: productDecider,
      parse: parseCatalogEvent,
      streamName,
      command: {
        type: 'AddProduct',
        productId,
        isActive: true,
        fields: {
          name: item.name,
          priceCents: item.priceCents,
          category: item.category,
          description: item.description,
          imageUrl: menuImagePath(item.slug),
          stock: item.category === 'Kits Festa' ? SEED_STOCK.kit : SEED_STOCK.regular,
          itens: item.itens,
        },
      },
      context: {
        commandId: seedId,
        correlationId: seedId,
        actorId: 'system',
        actorRole: 'system',
        occurredAt: now().toISOString(),
      },
    });
    const result = await seeding.catch(async (error: unknown) => {
      // Lost the race to another replica: its item is now there; anything else is a real failure.
      if ((await store.readStream(streamName, { maxCount: 1 })).length > 0) return null;
      throw error;
    });
    if (!result) continue;
    added += 1;
    position = result.position;
  }
  return { added, position };
}
