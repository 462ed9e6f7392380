import { v5 as uuidv5 } from 'uuid';
import { menuImagePath, STATIC_MENU, type MenuItem } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { EventStore } from '@quitute/infra/event-store';
import type { CommandContext } from '../shared/handle-command';
import { productNameReservations, readProduct, runProductCommand } from './products';

const MENU_NAMESPACE = '6b1d2f0a-8e2c-4c8b-b7a4-2f9d0e5c3a71';

/** A menu item's product id never changes, so seeding twice finds the same streams. */
export function menuProductId(slug: string): string {
  return uuidv5(`menu:${slug}`, MENU_NAMESPACE);
}

/** The stock a product of the static menu starts with (seeded, or synced by an admin). */
export const SEED_STOCK = { regular: 500, kit: 10 } as const;

/**
 * Appends the static menu (spec §9) on first start, each item's name reserved
 * first like any product's. An item whose stream already exists — seeded
 * before, or since edited or deleted by an admin — is left alone, so a restart
 * never duplicates or resurrects anything; if it is listed, its current name is
 * reserved for it when that was not done yet (stores seeded before product
 * names were reserved). An item whose name another product has is not added.
 * Replicas seeding an empty store together all succeed: an item another one
 * appended first is left alone the same way.
 */
export async function seedMenu(
  store: EventStore,
  now: () => Date,
  menu: readonly MenuItem[] = STATIC_MENU,
): Promise<{ added: number; position: number }> {
  const stores = { eventStore: store };
  const names = productNameReservations(stores);
  let added = 0;
  let position = 0;
  for (const item of menu) {
    const productId = menuProductId(item.slug);
    const seedId = uuidv5(`seed:${item.slug}`, MENU_NAMESPACE);
    const context: CommandContext = {
      commandId: seedId,
      correlationId: seedId,
      actorId: 'system',
      actorRole: 'system',
      occurredAt: now().toISOString(),
    };
    const existing = (await readProduct(stores, productId)).state;
    const name = existing.status === 'listed' ? existing.fields.name : item.name;
    if (existing.status === 'deleted') continue;
    const claimed = await names
      .claim(name, productId, { takeOverAbsent: false, context })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'conflict') return null;
        throw error;
      });
    if (!claimed || existing.status === 'listed') continue;
    const seeding = runProductCommand(
      stores,
      productId,
      {
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
      context,
    );
    const result = await seeding.catch(async (error: unknown) => {
      // Lost the race to another replica: its item is now there; anything else is a real failure.
      if ((await readProduct(stores, productId)).state.status !== 'absent') return null;
      throw error;
    });
    if (!result) continue;
    added += 1;
    position = result.position;
  }
  return { added, position };
}
