import { productStreamName, type StockReleaseReason } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { retryOnConflict } from '../shared/command-wrappers';
import { commandStream, type CommandContext, type CommandStores } from '../shared/handle-command';
import { snapshotted } from '../shared/snapshots';
import { storeLanes } from '../shared/store-lanes';
import { parseCatalogEvent, productDecider, type CatalogCommand } from './decider';
import { productSnapshotPolicy } from './product-snapshots';

/**
 * Issue 38: the units an order holds, decided on each product's own stream
 * with its expected revision (never on a read model), so concurrent checkouts
 * never take more than there is: a checkout that meets a newer stream decides
 * again on it, and is refused once too few units are left.
 */

/** The product's stream as a stock command runs it: snapshotted, remembered between commands. */
export type StockStores = Pick<CommandStores, 'eventStore' | 'snapshotStore' | 'logger'>;

/** A product's line of an order: how many units it takes. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * Racing checkouts of one product each decide again on the stream another
 * just appended to: as many rounds as checkouts that can race for a product
 * (other instances; this one runs a product's stock commands one at a time).
 */
const STOCK_CONFLICT_RETRIES = 100;

/**
 * One product's stock commands in this process run one after another (a lane
 * per product): each decides on the state the last one left, remembered, and
 * appends without reading the stream (which grows with every order of the
 * product), instead of thirty checkouts of coxinhas meeting as conflicts and
 * each reading the whole stream again. Other instances are met by the
 * expected revision.
 */
const productLanes = storeLanes();

function runStockCommand(
  stores: StockStores,
  command: Extract<CatalogCommand, { type: 'ReserveStock' | 'ReleaseStock' }>,
  context: CommandContext,
) {
  return productLanes(stores.eventStore).run(command.productId, () =>
    retryOnConflict(
      STOCK_CONFLICT_RETRIES,
      snapshotted(
        commandStream(
          stores.eventStore,
          productStreamName(command.productId),
          productDecider,
          parseCatalogEvent,
        ),
        stores,
        productSnapshotPolicy,
      ),
      command,
      context,
    ),
  );
}

function productStep(context: CommandContext, name: string, productId: string): CommandContext {
  return {
    ...context,
    commandId: `${context.commandId}/${name}-${productId}`,
    causationId: context.causationId ?? context.commandId,
  };
}

/**
 * The order takes each line's units, one product after another, under the
 * checkout attempt `checkoutAttempt`. When one product lacks units, what this
 * attempt took is given back and its 409 (naming the product and what is
 * left) is the answer: nothing is held. Returns the greatest position appended.
 */
export async function reserveOrderStock(
  stores: StockStores,
  order: { orderId: string; checkoutAttempt: string; lines: readonly StockLine[] },
  context: CommandContext,
): Promise<number> {
  const { orderId, checkoutAttempt } = order;
  const taken: string[] = [];
  let position = 0;
  try {
    for (const line of order.lines) {
      const result = await runStockCommand(
        stores,
        {
          type: 'ReserveStock',
          productId: line.productId,
          orderId,
          quantity: line.quantity,
          checkoutAttempt,
        },
        productStep(context, 'reserve-stock', line.productId),
      );
      taken.push(line.productId);
      position = Math.max(position, result.position);
    }
    return position;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      await releaseOrderStock(
        stores,
        { orderId, productIds: taken, reason: 'checkout_refused', checkoutAttempt },
        context,
      );
    }
    throw error;
  }
}

/**
 * The order's units of these products go back to their stock (a product of
 * which it holds none is left alone, so this may be repeated). With
 * `checkoutAttempt`, only the units that attempt took. Returns the greatest
 * position of the products' streams after it.
 */
export async function releaseOrderStock(
  stores: StockStores,
  release: {
    orderId: string;
    productIds: readonly string[];
    reason: StockReleaseReason;
    checkoutAttempt?: string | undefined;
  },
  context: CommandContext,
): Promise<number> {
  let position = 0;
  for (const productId of release.productIds) {
    const result = await runStockCommand(
      stores,
      {
        type: 'ReleaseStock',
        productId,
        orderId: release.orderId,
        reason: release.reason,
        checkoutAttempt: release.checkoutAttempt,
      },
      productStep(context, `release-stock-${release.reason}`, productId),
    );
    position = Math.max(position, result.position);
  }
  return position;
}
