import {
  cartItemDto,
  foldForSearch,
  KITS_CATEGORY,
  STATIC_MENU,
  type CartLineDto,
  type CatalogEvent,
} from '@quitute/contracts';
import {
  followLog,
  foldPage,
  type EventStore,
  type FoldsPassedPages,
  type RecordedEvent,
  type Subscription,
} from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { SavableView } from '@quitute/infra/saved-state';
import { parseCatalogEvent, productDecider, type ProductState } from './decider';
import { menuProductId } from './seed';

/** How a request names a product: by id (a product id or a menu slug), else by name. */
export interface ProductRef {
  id?: string | number | undefined;
  nome: string;
}

/** A product a cart may hold now, with what a cart command needs of it. */
export interface ResolvedProduct {
  productId: string;
  nome: string;
  unitPriceCents: number;
  isKit: boolean;
}

export type ProductResolution = ResolvedProduct | { error: 'not_found' | 'unavailable' };

/** What a cart line shows of its product (the catalogue's now, price in reais). */
export type CartProductDetails = CartLineDto['item'];

/**
 * The command side's own view of the catalogue (ARCHITECTURE §4: commands
 * never read read models): every product folded from its events with the
 * catalogue's own `evolve`, kept in memory, so a cart command resolves the
 * products it names without a store read.
 */
export interface CatalogView extends SavableView, FoldsPassedPages {
  /** Subscribes from the start of the log (or from where restore put it); resolves once caught up with it. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * By `id` when it names a product (its id or its menu slug), else by `nome`
   * (case and accents aside). A product listed inactive, or deleted, is
   * 'unavailable'. A miss waits (bounded) for the view to reach the store's
   * head before answering 'not_found': an admin may have just added it.
   */
  resolve(ref: ProductRef): Promise<ProductResolution>;
  /** resolve for several at once, in order: the misses share one catch-up. */
  resolveAll(refs: readonly ProductRef[]): Promise<ProductResolution[]>;
  /** A listed, active product as a cart line shows it; null for any other. */
  details(productId: string): CartProductDetails | null;
}

interface Known {
  state: ProductState;
  /** The folded name it was last listed under: a deleted product keeps it, to answer 'unavailable'. */
  name: string;
}

/** How long a miss waits for the view to catch up with the store. */
const CATCH_UP_TIMEOUT_MS = 2_000;

const menuIds = new Map(STATIC_MENU.map((item) => [item.slug, menuProductId(item.slug)]));

const nameKey = (name: string) => foldForSearch(name.trim());

export function createCatalogView(options: {
  eventStore: EventStore;
  logger?: Pick<Logger, 'warn' | 'error'>;
  catchUpTimeoutMs?: number;
}): CatalogView {
  const { eventStore, logger } = options;
  const catchUpTimeoutMs = options.catchUpTimeoutMs ?? CATCH_UP_TIMEOUT_MS;
  const products = new Map<string, Known>();
  const byName = new Map<string, Set<string>>();
  let reached = 0;
  let subscription: Subscription | undefined;
  const waiters = new Set<{ position: number; done: () => void }>();

  const advance = (position: number): void => {
    if (position <= reached) return;
    reached = position;
    for (const waiter of waiters) if (waiter.position <= reached) waiter.done();
  };

  /** Resolves once the view has applied the log up to `position`, or after the timeout. */
  const reach = (position: number): Promise<void> => {
    if (position <= reached) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        position,
        done: () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, catchUpTimeoutMs);
      waiters.add(waiter);
    });
  };

  const index = (productId: string, name: string): void => {
    const ids = byName.get(name) ?? new Set<string>();
    ids.add(productId);
    byName.set(name, ids);
  };
  const unindex = (productId: string, name: string): void => {
    const ids = byName.get(name);
    ids?.delete(productId);
    if (ids?.size === 0) byName.delete(name);
  };

  const read = (recorded: RecordedEvent): CatalogEvent | null => {
    try {
      return parseCatalogEvent(recorded);
    } catch (error) {
      // One unreadable event must not stop the whole view: that product alone stays as it was.
      logger?.warn({ err: error, eventId: recorded.id }, 'catalogue view skipped an event');
      return null;
    }
  };

  const apply = (recorded: RecordedEvent): void => {
    const event = read(recorded);
    if (!event) return;
    const { productId } = event.data;
    const known = products.get(productId);
    const state = productDecider.evolve(known?.state ?? productDecider.initialState, event);
    const name = state.status === 'listed' ? nameKey(state.fields.name) : (known?.name ?? '');
    if (known && known.name !== name) unindex(productId, known.name);
    if (name !== '') index(productId, name);
    products.set(productId, { state, name });
  };

  const availability = (known: Known): ProductResolution => {
    const { state } = known;
    if (state.status !== 'listed' || !state.isActive) return { error: 'unavailable' };
    return {
      productId: state.productId,
      nome: state.fields.name,
      unitPriceCents: state.fields.priceCents,
      isKit: state.fields.category === KITS_CATEGORY,
    };
  };

  const byId = (id: ProductRef['id']): Known | undefined => {
    if (typeof id !== 'string') return undefined;
    const productId = menuIds.get(id) ?? id.toLowerCase();
    return products.get(productId);
  };

  /** Of the products sharing a name, a listed active one (the first added) before any other. */
  const byNome = (nome: string): Known | undefined => {
    const ids = byName.get(nameKey(nome));
    if (!ids) return undefined;
    let other: Known | undefined;
    for (const productId of ids) {
      const known = products.get(productId);
      if (known?.state.status === 'listed' && known.state.isActive) return known;
      other ??= known;
    }
    return other;
  };

  const lookUp = (ref: ProductRef): Known | undefined => byId(ref.id) ?? byNome(ref.nome);

  const resolveAll = async (refs: readonly ProductRef[]): Promise<ProductResolution[]> => {
    const known = refs.map(lookUp);
    if (known.some((product) => product === undefined)) {
      await reach(await eventStore.headPosition());
    }
    return refs.map((ref, index) => {
      const product = known[index] ?? lookUp(ref);
      return product ? availability(product) : { error: 'not_found' };
    });
  };

  const filter = { streamNamePrefixes: ['product-'] };
  const onEvent = (event: RecordedEvent): void => {
    apply(event);
    advance(event.position);
  };

  return {
    savedName: 'catalog@3',
    reached: () => reached,
    capture: () => ({ position: reached, entries: [...products] }),
    restore(position, entries) {
      for (const entry of entries) {
        // Entries as capture made them: [productId, Known].
        const [productId, known] = entry as [string, Known];
        products.set(productId, known);
        if (known.name !== '') index(productId, known.name);
      }
      reached = position;
    },

    catchUp: (page) => foldPage(page, { after: reached, filter, onEvent, onPassed: advance }),

    start() {
      const followed = followLog(eventStore, {
        fromPosition: reached,
        filter,
        onEvent,
        onCaughtUp: advance,
        onError: (error) => logger?.error({ err: error }, 'catalogue view stopped'),
      });
      subscription = followed.subscription;
      return followed.caughtUp;
    },

    async stop() {
      await subscription?.stop();
      subscription = undefined;
      for (const waiter of waiters) waiter.done();
    },

    async resolve(ref) {
      const [resolution] = await resolveAll([ref]);
      return resolution ?? { error: 'not_found' };
    },

    resolveAll,

    details(productId) {
      const state = products.get(productId)?.state;
      if (state?.status !== 'listed' || !state.isActive) return null;
      return cartItemDto(productId, state.fields);
    },
  };
}
