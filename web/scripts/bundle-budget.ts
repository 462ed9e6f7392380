/**
 * The shop's JavaScript budget (issue 14): each shop page loads at most
 * 170 KB (170,000 bytes, the unit and Vite's kB) of gzipped
 * JavaScript, and none of it is admin code or recharts.
 * Pure functions over the chunk graph the build writes
 * (dist/.vite/bundle-graph.json, see vite.config.ts).
 */

export const SHOP_ROUTE_BUDGET_BYTES = 170_000;

/** The page modules the router loads lazily, and the admin area among them. */
export const PAGE_MODULE_PREFIX = 'src/app/routes/';
export const ADMIN_AREA_MODULE = 'src/app/routes/admin-route.tsx';

/**
 * Modules a shop page imports lazily only when the visitor acts on it (a
 * click, the first focus in a form), never while it renders: their chunks are
 * not part of the page's load. Each must be a lazy chunk of its own that no
 * chunk imports statically (shopRouteWeights checks), and its import() must
 * sit in an event handler (code review: grep the module's name).
 */
export const LOADED_ON_INTERACTION: readonly string[] = [
  // 'Repetir Pedido' on /orders (orders-route.tsx).
  'src/features/cart/cart-repeat.ts',
  // The account forms' rules (zod): first focus in the form, or submit (use-auth-validation.ts).
  'src/features/auth/model/auth-validation.ts',
  // The ALTCHA widget: first focus or touch in the login or register form (captcha.tsx).
  'src/features/auth/components/altcha-setup.ts',
  // The checkout's rules (zod): first focus in the form, or payment (checkout-page.tsx).
  'src/features/checkout/model/checkout-validation.ts',
  // The card forms: 'Prosseguir' with a card chosen (checkout-page.tsx).
  'src/features/checkout/components/simulator-card-form.tsx',
  'src/features/checkout/components/mercadopago-card-form.tsx',
  // The calendar's date and slot field (issue 40): first focus in the form, with the rules (checkout-page.tsx).
  'src/features/checkout/components/delivery-slot-field.tsx',
  // The payment's result: fetched with the rules on the first focus, shown after 'Prosseguir' (checkout-page.tsx).
  'src/features/checkout/components/payment-result-box.tsx',
  // The payment socket (socket.io-client): the first payment (use-checkout-payment.ts).
  'src/features/checkout/api/payment-socket.ts',
];

/** Modules that belong to the admin area only: its pages, its features, its charts. */
const ADMIN_ONLY_MODULES = [
  /(^|\/)web\/src\/app\/routes\/admin-[^/]*$/,
  /(^|\/)web\/src\/features\/admin\//,
  /(^|\/)node_modules\/recharts\//,
];

/** One chunk of the build, as the build reports it (file names are relative to dist/). */
export interface BundleChunk {
  file: string;
  isEntry: boolean;
  /** The module the chunk stands for (web-relative, e.g. src/app/routes/menu-route.tsx), if any. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Every module bundled in the chunk, repository-relative (node_modules/recharts/…, web/src/…). */
  modules: string[];
}

export interface BundleGraph {
  chunks: BundleChunk[];
}

export interface ShopRouteWeight {
  /** The page module, e.g. src/app/routes/menu-route.tsx. */
  page: string;
  /** Gzipped bytes of the chunks the page loads by itself (not the layout's on-demand parts). */
  gzipBytes: number;
  /** Admin-only modules the page can reach, on-demand parts included (must be none). */
  adminModules: string[];
}

function chunkIndex(graph: BundleGraph): Map<string, BundleChunk> {
  return new Map(graph.chunks.map((chunk) => [chunk.file, chunk]));
}

function entryOf(graph: BundleGraph): BundleChunk {
  const entries = graph.chunks.filter((chunk) => chunk.isEntry);
  const [entry] = entries;
  if (!entry || entries.length > 1) {
    throw new Error(`expected one entry chunk, found ${entries.length}`);
  }
  return entry;
}

/**
 * The chunks reached from `starts`, following static and lazy imports, except
 * the entry's lazy imports that `followFromEntry` refuses (other pages) and
 * the lazy imports `followLazy` refuses (parts loaded on interaction).
 */
function reachableChunks(
  graph: BundleGraph,
  starts: readonly string[],
  followFromEntry: (file: string) => boolean,
  followLazy: (file: string) => boolean = () => true,
): BundleChunk[] {
  const byFile = chunkIndex(graph);
  const loaded = new Map<string, BundleChunk>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`the graph names a chunk it does not hold: ${file}`);
    if (loaded.has(file)) return;
    loaded.set(file, chunk);
    const lazy = chunk.isEntry
      ? chunk.dynamicImports.filter(followFromEntry)
      : chunk.dynamicImports.filter(followLazy);
    for (const next of [...chunk.imports, ...lazy]) visit(next);
  };
  for (const file of starts) visit(file);
  return [...loaded.values()];
}

/**
 * The chunk files of `modules`, each of which must be a lazy chunk of its own
 * that nothing imports statically (else it would load with its importer).
 */
function onInteractionChunks(graph: BundleGraph, modules: readonly string[]): Set<string> {
  return new Set(
    modules.map((module) => {
      const own = graph.chunks.find((chunk) => chunk.facade === module);
      const lazy = own && graph.chunks.some((chunk) => chunk.dynamicImports.includes(own.file));
      const staticImporter = own && graph.chunks.find((chunk) => chunk.imports.includes(own.file));
      if (!own || !lazy || staticImporter) {
        throw new Error(
          `${module} is said to load on interaction but is not a lazy chunk of its own` +
            (staticImporter ? ` (${staticImporter.file} imports it statically)` : ''),
        );
      }
      return own.file;
    }),
  );
}

/**
 * The weight of every shop page: the entry's lazy page chunks except the admin
 * area. `gzipBytesOf` gives a chunk file's gzipped size; `onInteraction` names
 * the modules loaded only when the visitor acts, which do not count (the shop's
 * are LOADED_ON_INTERACTION).
 */
export function shopRouteWeights(
  graph: BundleGraph,
  gzipBytesOf: (file: string) => number,
  onInteraction: readonly string[] = [],
): ShopRouteWeight[] {
  const byFile = chunkIndex(graph);
  const entry = entryOf(graph);
  const later = onInteractionChunks(graph, onInteraction);
  const pages = entry.dynamicImports
    .map((file) => byFile.get(file))
    .filter(
      (chunk): chunk is BundleChunk => chunk?.facade?.startsWith(PAGE_MODULE_PREFIX) ?? false,
    );
  if (!pages.some((chunk) => chunk.facade === ADMIN_AREA_MODULE)) {
    throw new Error(`the admin area (${ADMIN_AREA_MODULE}) is not a lazy chunk of the entry`);
  }
  const isPage = (file: string) => pages.some((chunk) => chunk.file === file);
  return pages
    .filter((chunk) => chunk.facade !== ADMIN_AREA_MODULE)
    .map((pageChunk) => {
      // What the page loads by itself: the entry with its static imports, the page's chunk and
      // all it imports (its sections and widgets load as it renders), but not what waits for
      // the visitor to act.
      const loaded = reachableChunks(
        graph,
        [entry.file, pageChunk.file],
        () => false,
        (file) => !later.has(file),
      );
      // What it may load later: also the layout's lazy parts (chat window, cookie banner, payment
      // socket, cart steps) and the parts loaded on interaction, each loaded when it is needed.
      const reachable = reachableChunks(
        graph,
        [entry.file, pageChunk.file],
        (file) => !isPage(file),
      );
      return {
        page: pageChunk.facade ?? pageChunk.file,
        gzipBytes: loaded.reduce((total, chunk) => total + gzipBytesOf(chunk.file), 0),
        adminModules: reachable.flatMap((chunk) =>
          chunk.modules.filter((module) => ADMIN_ONLY_MODULES.some((rule) => rule.test(module))),
        ),
      };
    });
}

/** What breaks the budget, one sentence each; empty when every page keeps it. */
export function budgetFailures(
  weights: readonly ShopRouteWeight[],
  budgetBytes: number = SHOP_ROUTE_BUDGET_BYTES,
): string[] {
  return weights.flatMap((weight) => [
    ...(weight.gzipBytes > budgetBytes
      ? [`${weight.page} loads ${kb(weight.gzipBytes)} kB gzipped, over ${kb(budgetBytes)} kB`]
      : []),
    ...(weight.adminModules.length > 0
      ? [`${weight.page} loads admin-only code: ${weight.adminModules.slice(0, 5).join(', ')}`]
      : []),
  ]);
}

/** Kilobytes as the issue and Vite count them: 1 kB = 1,000 bytes. */
function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

/** A small table: page, kB gzipped, budget. */
export function formatWeights(
  weights: readonly ShopRouteWeight[],
  budgetBytes: number = SHOP_ROUTE_BUDGET_BYTES,
): string {
  const rows = [...weights]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((weight) => [
      weight.page.slice(PAGE_MODULE_PREFIX.length),
      kb(weight.gzipBytes),
      kb(budgetBytes),
      weight.adminModules.length > 0 ? 'admin code!' : '',
    ]);
  const table = [['shop page', 'kB gz', 'budget', ''], ...rows];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...table.map((row) => (row[column] ?? '').length)),
  );
  return table
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
