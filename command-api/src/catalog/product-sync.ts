import { v5 as uuidv5 } from 'uuid';
import { reaisToCents, type AdminProductSyncBody } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { addProduct, productNameStreamName } from './products';
import { SEED_STOCK } from './seed';

const SYNC_NAMESPACE = '2f7c9e14-5b3a-4d8e-a1c6-9e0b7d3f5a28';

export interface SyncOutcome {
  /** Names added as new products, in the order sent. */
  added: string[];
  /** Names the shop has or once had: left as they are. */
  kept: string[];
  /** Global position of the last product added (0 when none was). */
  position: number;
}

/**
 * POST /api/admin/products/sync: the static menu as the reviews page sends it.
 * Idempotent by name: a name the shop has, or once had (its reservation stream
 * exists — a product an admin renamed or deleted), is left alone, so a sync
 * never duplicates, overwrites or brings back a product; only names never seen
 * are added, with the seed's stock. Each product is a command of its own
 * (event ids derived from the request's command id and the name).
 */
export async function syncProducts(
  stores: Pick<CommandStores, 'eventStore'>,
  items: AdminProductSyncBody['items'],
  context: CommandContext,
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { added: [], kept: [], position: 0 };
  for (const item of items) {
    const [seen] = await stores.eventStore.readStream(productNameStreamName(item.name), {
      maxCount: 1,
    });
    if (seen) {
      outcome.kept.push(item.name);
      continue;
    }
    try {
      const result = await addProduct(
        stores,
        {
          name: item.name,
          priceCents: reaisToCents(item.price),
          category: item.category,
          stock: item.category === 'Kits Festa' ? SEED_STOCK.kit : SEED_STOCK.regular,
          description: item.description,
        },
        {
          ...context,
          commandId: uuidv5(`${context.commandId}:${item.name}`, SYNC_NAMESPACE),
          causationId: context.causationId ?? context.commandId,
        },
      );
      outcome.added.push(item.name);
      outcome.position = Math.max(outcome.position, result.position);
    } catch (error) {
      // The same name twice in one sync, or another sync at the same moment, added it first.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      outcome.kept.push(item.name);
    }
  }
  return outcome;
}
