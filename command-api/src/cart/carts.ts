import {
  cartMessages,
  cartStreamName,
  type CartDto,
  type CartItemRef,
  type CartLineRecord,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError } from '@quitute/infra/event-store';
import type { CatalogView, ResolvedProduct } from '../catalog/catalog-view';
import { resolveLines } from '../checkout/pricing';
import { storeLanes } from '../shared/store-lanes';
import { decideOnRemembered, expecting, retryOnConflict } from '../shared/command-wrappers';
import {
  commandStream,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
  type LoadedAggregate,
} from '../shared/handle-command';
import { snapshotted } from '../shared/snapshots';
import { cartSnapshotPolicy } from './cart-snapshots';
import { cartDecider, parseCartEvent, type CartCommand, type CartState } from './decider';

/**
 * The cart flows around the decider: products named by the client resolved
 * through the command side's catalogue view (prices never taken from the
 * client), and the cart stream loaded, decided and appended.
 */

/**
 * Adding, clearing and a sync without If-Match decide right on any newer cart
 * (the last writer wins), so a concurrent write is retried rather than
 * answered with 412: ten tabs adding at once all land.
 */
export const CART_CONFLICT_RETRIES = 10;

function cartStream(stores: CommandStores, userId: string) {
  return snapshotted(
    commandStream(stores.eventStore, cartStreamName(userId), cartDecider, parseCartEvent),
    stores,
    cartSnapshotPolicy,
  );
}

export function readCart(
  stores: CommandStores,
  userId: string,
): Promise<LoadedAggregate<CartState>> {
  return readAggregate(cartStream(stores, userId));
}

/**
 * Per event store, this process's commands on each cart, one after another: two
 * racing on one cart would both decide on the state it last saw, and the second
 * append would fail on the first, read the stream and append again (about three
 * times a command's latency: under load, the slowest percent of cart writes).
 * Queued, the second decides on the first one's outcome and appends once.
 * Other processes are still met by the append's expected revision.
 */
const cartQueue = storeLanes();

/**
 * Runs a cart command, after this process's earlier ones on the same cart. With
 * `expectedRevision` (a sync's If-Match) a cart at another revision fails with
 * WrongExpectedRevisionError; without it a conflict is retried.
 */
export function runCartCommand(
  stores: CommandStores,
  command: CartCommand,
  context: CommandContext,
  expectedRevision?: number,
): Promise<CommandResult<CartState>> {
  const stream = cartStream(stores, command.userId);
  return cartQueue(stores.eventStore).run(stream.name, () =>
    expectedRevision === undefined
      ? retryOnConflict(CART_CONFLICT_RETRIES, stream, command, context)
      : decideOnRemembered(expecting(stream, expectedRevision), command, context),
  );
}

export type CartOutcome =
  | { done: CommandResult<CartState> }
  /** The cart moved on since the revision the client named: here it is now. */
  | { changed: LoadedAggregate<CartState> };

/**
 * A command whose client named the cart it saw (If-Match: a revision, or `*`
 * for any cart that exists): refused with the cart as it is now when that is
 * no longer the cart.
 */
export async function runCartCommandAt(
  stores: CommandStores,
  command: CartCommand,
  context: CommandContext,
  expected: number | 'exists',
): Promise<CartOutcome> {
  let revision = expected;
  if (revision === 'exists') {
    const current = await readCart(stores, command.userId);
    if (current.revision < 0) return { changed: current };
    revision = current.revision;
  }
  try {
    return { done: await runCartCommand(stores, command, context, revision) };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return { changed: await readCart(stores, command.userId) };
  }
}

/** The product an add names, or 400 with the reason. */
export async function resolveItem(
  catalog: CatalogView,
  ref: CartItemRef,
): Promise<ResolvedProduct> {
  const resolved = await catalog.resolve(ref);
  if (!('error' in resolved)) return resolved;
  throw new AppError(
    'validation',
    resolved.error === 'not_found' ? cartMessages.productNotFound : cartMessages.productUnavailable,
  );
}

/**
 * A synced cart's lines as the decider wants them: 0-quantity lines dropped
 * (spec §4: 0 removes the line), every other product resolved (400 naming the
 * first line that is unknown or unavailable), lines of the same product summed,
 * in the order the client sent them.
 */
export async function resolveSyncLines(
  catalog: CatalogView,
  itens: readonly { item: CartItemRef; quantidade: number }[],
): Promise<CartLineRecord[]> {
  const wanted = itens
    .filter((line) => line.quantidade > 0)
    .map((line) => ({ ref: line.item, quantity: line.quantidade, named: true }));
  const lines = await resolveLines(catalog, wanted);
  return lines.map(({ product, quantity }) => ({
    productId: product.productId,
    quantidade: quantity,
  }));
}

/** The cart as the API shows it: the catalogue's products now; lines of products gone are left out. */
export function toCartDto(
  catalog: CatalogView,
  userId: string,
  state: CartState,
  position: number,
): CartDto {
  const itens = state.lines.flatMap((line) => {
    const item = catalog.details(line.productId);
    return item ? [{ item, quantidade: line.quantidade }] : [];
  });
  return { userId, itens, position };
}
