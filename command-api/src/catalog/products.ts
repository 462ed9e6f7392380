import { createHash, randomUUID } from 'node:crypto';
import {
  catalogMessages,
  centsToReais,
  foldForSearch,
  productStreamName,
  type AdminProductResult,
  type Category,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError } from '@quitute/infra/event-store';
import {
  commandStream,
  handleCommand,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
} from '../shared/handle-command';

/** The catalogue's commands need only the events (product streams are short: no snapshots). */
type EventStores = Pick<CommandStores, 'eventStore'>;
import { reservations, standingFromStream, type Claim } from '../shared/reservations';
import {
  parseCatalogEvent,
  parseProductNameEvent,
  productDecider,
  productNameReservationEvents,
  type CatalogCommand,
  type ProductFields,
  type ProductState,
} from './decider';

/**
 * The catalogue's flows around its decider: a product and its name's
 * reservation, the administrator's create, edit and delete (admin-spec §7),
 * and the pieces a sync by name builds on (the reservation names the product
 * that has a name). They read only event streams (ARCHITECTURE §4).
 */

/**
 * How names are compared: case, accents and runs of spaces aside, as the cart
 * finds products, and look-alikes folded (compatibility forms such as full-width
 * letters, and invisible format characters such as a zero-width space), so a
 * second 'Coxinha de Frango' cannot be listed beside the first.
 */
export function productNameKey(name: string): string {
  const visible = name.normalize('NFKC').replace(/\p{Cf}/gu, '');
  return foldForSearch(visible.trim().replace(/\s+/g, ' '));
}

/** The name itself never appears in a stream name. */
export function productNameStreamName(name: string): string {
  return `catalog-name-${createHash('sha256').update(productNameKey(name)).digest('hex')}`;
}

/**
 * The product-name reservations. A holder `left` its name when it was deleted,
 * or had the name after it was reserved and has another now (a rename whose
 * release never came).
 */
export function productNameReservations(stores: EventStores) {
  return reservations(stores, {
    streamName: productNameStreamName,
    events: productNameReservationEvents,
    parse: parseProductNameEvent,
    standing: async (productId, name, reservedAt) =>
      standingFromStream(
        await stores.eventStore.readStream(productStreamName(productId)),
        { decider: productDecider, parse: parseCatalogEvent },
        {
          isAbsent: (state) => state.status === 'absent',
          isGone: (state) => state.status === 'deleted',
          hasValue: (state) =>
            state.status === 'listed' && productNameKey(state.fields.name) === productNameKey(name),
        },
        reservedAt,
      ),
  });
}

/** A product stream stays short (added, a few edits): read whole, no snapshots. */
function productStream(stores: EventStores, productId: string) {
  return commandStream(
    stores.eventStore,
    productStreamName(productId),
    productDecider,
    parseCatalogEvent,
  );
}

export function readProduct(stores: EventStores, productId: string) {
  return readAggregate(productStream(stores, productId));
}

export function runProductCommand(
  stores: EventStores,
  productId: string,
  command: CatalogCommand,
  context: CommandContext,
): Promise<CommandResult<ProductState>> {
  return handleCommand(productStream(stores, productId), command, context);
}

type Listed = Extract<ProductState, { status: 'listed' }>;

function listed(state: ProductState): Listed {
  if (state.status !== 'listed') throw new AppError('not_found', catalogMessages.productNotFound);
  return state;
}

/** What an administrator sets of a product: left out, description is '', no image, active. */
export interface NewProduct {
  name: string;
  priceCents: number;
  category: Category;
  stock: number;
  description?: string | undefined;
  imageUrl?: string | null | undefined;
  isActive?: boolean | undefined;
}

/** A change of a product: what is left out stays (a kit keeps its `itens`). */
export type ProductChanges = Partial<Omit<ProductFields, 'itens'>> & {
  isActive?: boolean | undefined;
};

/**
 * Adds a product under a name no other product has (409 otherwise). The name
 * is reserved first; a reservation left by a creation that stopped before its
 * product was appended is continued, under that product's id.
 */
export async function addProduct(
  stores: EventStores,
  input: NewProduct,
  context: CommandContext,
  productId: string = randomUUID(),
): Promise<CommandResult<ProductState>> {
  const names = productNameReservations(stores);
  const claim = await names.claim(input.name, productId, { takeOverAbsent: true, context });
  try {
    return await runProductCommand(
      stores,
      claim.holderId,
      {
        type: 'AddProduct',
        productId: claim.holderId,
        fields: {
          name: input.name,
          priceCents: input.priceCents,
          category: input.category,
          description: input.description ?? '',
          imageUrl: input.imageUrl ?? null,
          stock: input.stock,
          itens: [],
        },
        isActive: input.isActive ?? true,
      },
      context,
    );
  } catch (error) {
    // Another creation that continued this reservation appended the product first:
    // the name is that product's now, not this request's to give back (released,
    // a third creation would take it and two products would share it).
    if (error instanceof WrongExpectedRevisionError || isConflict(error)) {
      throw new AppError('conflict', catalogMessages.productNameTaken);
    }
    await giveBack(stores, claim, input.name, context);
    throw error;
  }
}

/**
 * Changes a listed product (404 otherwise). A new name is reserved first (409
 * when another product has it) and the old one released after; should the
 * change be refused, a reservation made for it is given back.
 */
export async function updateProduct(
  stores: EventStores,
  productId: string,
  changes: ProductChanges,
  context: CommandContext,
): Promise<CommandResult<ProductState>> {
  const before = listed((await readProduct(stores, productId)).state);
  const names = productNameReservations(stores);
  const renamed =
    changes.name !== undefined &&
    productNameKey(changes.name) !== productNameKey(before.fields.name);
  const claim =
    renamed && changes.name !== undefined
      ? await names.claim(changes.name, productId, { takeOverAbsent: false, context })
      : null;
  const { isActive, ...fields } = changes;
  let result: CommandResult<ProductState>;
  try {
    result = await runProductCommand(
      stores,
      productId,
      { type: 'UpdateProduct', productId, fields, isActive },
      context,
    );
  } catch (error) {
    if (claim && changes.name !== undefined) await giveBack(stores, claim, changes.name, context);
    throw error;
  }
  if (!claim) return result;
  const released = await names.release(before.fields.name, productId, context);
  return { ...result, position: Math.max(result.position, released) };
}

/** Deletes a listed product (a soft delete: the menu stops showing it) and releases its name. */
export async function deleteProduct(
  stores: EventStores,
  productId: string,
  context: CommandContext,
): Promise<CommandResult<ProductState>> {
  const before = listed((await readProduct(stores, productId)).state);
  const result = await runProductCommand(
    stores,
    productId,
    { type: 'DeleteProduct', productId },
    context,
  );
  const released = await productNameReservations(stores).release(
    before.fields.name,
    productId,
    context,
  );
  return { ...result, position: Math.max(result.position, released) };
}

/** Releases a reservation this request made for a change that was then refused. */
async function giveBack(
  stores: EventStores,
  claim: Claim,
  name: string,
  context: CommandContext,
): Promise<void> {
  if (!claim.reservedNow) return;
  await productNameReservations(stores)
    .release(name, claim.holderId, { ...context, commandId: `${context.commandId}/undo` })
    // The refused change's error is the answer; a reservation left behind is taken over or released later.
    .catch(() => undefined);
}

function isConflict(error: unknown): boolean {
  return error instanceof AppError && error.code === 'conflict';
}

/** The product as the admin area shows it (price in reais). */
export function toAdminProduct(state: ProductState): AdminProductResult {
  const product = listed(state);
  return {
    _id: product.productId,
    name: product.fields.name,
    price: centsToReais(product.fields.priceCents),
    category: product.fields.category,
    stock: product.fields.stock,
    description: product.fields.description,
    imageUrl: product.fields.imageUrl,
    isActive: product.isActive,
    isDeleted: false,
    itens: product.fields.itens,
  };
}
