import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  formatWeights,
  shopRouteWeights,
  type BundleChunk,
  type BundleGraph,
} from './bundle-budget';

const kB = 1000;

function chunk(file: string, fields: Partial<BundleChunk> = {}): BundleChunk {
  return {
    file,
    isEntry: false,
    facade: null,
    imports: [],
    dynamicImports: [],
    modules: [],
    ...fields,
  };
}

/** An app like ours: an entry with React, two shop pages, the admin area with recharts. */
function appGraph(entryFields: Partial<BundleChunk> = {}): BundleGraph {
  return {
    chunks: [
      chunk('index.js', {
        isEntry: true,
        imports: ['react.js'],
        dynamicImports: ['menu.js', 'login.js', 'admin.js', 'chat.js'],
        modules: ['web/src/main.tsx'],
        ...entryFields,
      }),
      chunk('react.js', { modules: ['node_modules/react/index.js'] }),
      chunk('menu.js', {
        facade: 'src/app/routes/menu-route.tsx',
        imports: ['index.js', 'zod.js'],
        modules: ['web/src/app/routes/menu-route.tsx'],
      }),
      chunk('zod.js', { modules: ['node_modules/zod/v4/classic/schemas.js'] }),
      chunk('login.js', {
        facade: 'src/app/routes/login-route.tsx',
        imports: ['index.js'],
        dynamicImports: ['altcha.js'],
      }),
      chunk('altcha.js', { modules: ['node_modules/altcha/dist/external/altcha.js'] }),
      chunk('chat.js', {
        imports: ['index.js'],
        modules: ['web/src/features/chatbot/chat-window.tsx'],
      }),
      chunk('admin.js', {
        facade: 'src/app/routes/admin-route.tsx',
        imports: ['index.js', 'charts.js'],
        dynamicImports: ['admin-sales.js'],
        modules: ['web/src/app/routes/admin-route.tsx'],
      }),
      chunk('admin-sales.js', {
        facade: 'src/app/routes/admin-sales-route.tsx',
        imports: ['charts.js'],
        modules: ['web/src/app/routes/admin-sales-route.tsx'],
      }),
      chunk('charts.js', {
        modules: ['node_modules/recharts/es6/index.js', 'web/src/features/admin/sales/charts.tsx'],
      }),
    ],
  };
}

const SIZES: Record<string, number> = {
  'index.js': 100 * kB,
  'react.js': 10 * kB,
  'menu.js': 5 * kB,
  'zod.js': 20 * kB,
  'login.js': 4 * kB,
  'altcha.js': 30 * kB,
  'chat.js': 3 * kB,
  'admin.js': 6 * kB,
  'admin-sales.js': 8 * kB,
  'charts.js': 90 * kB,
};
const sizeOf = (file: string) => SIZES[file] ?? 0;

describe('shopRouteWeights', () => {
  it('given the entry, its static imports and each page with what it imports, when weighed, then each shop page counts them and neither other pages nor the layout\u2019s on-demand chunks', () => {
    const weights = shopRouteWeights(appGraph(), sizeOf);

    expect(weights).toEqual([
      { page: 'src/app/routes/menu-route.tsx', gzipBytes: 135 * kB, adminModules: [] },
      // The captcha's lazy altcha loads as the page renders: it counts.
      { page: 'src/app/routes/login-route.tsx', gzipBytes: 144 * kB, adminModules: [] },
    ]);
  });

  it('given recharts imported statically by the entry, when weighed, then every shop page reaches admin-only code', () => {
    const weights = shopRouteWeights(appGraph({ imports: ['react.js', 'charts.js'] }), sizeOf);

    for (const weight of weights) {
      expect(weight.adminModules).toEqual([
        'node_modules/recharts/es6/index.js',
        'web/src/features/admin/sales/charts.tsx',
      ]);
    }
  });

  it('given an admin page that a layout part loads on demand, when weighed, then shop pages reach it even though they do not load it at once', () => {
    const graph = appGraph();
    const chat = graph.chunks.find((each) => each.file === 'chat.js');
    if (!chat) throw new Error('the graph has the chat chunk');
    chat.dynamicImports = ['admin-sales.js'];

    const [menu] = shopRouteWeights(graph, sizeOf);

    expect(menu?.gzipBytes).toBe(135 * kB);
    expect(menu?.adminModules).toContain('node_modules/recharts/es6/index.js');
  });

  it('given the login page’s altcha loaded on interaction, when weighed, then it does not count but admin code behind it still would', () => {
    const graph = appGraph();
    const altcha = graph.chunks.find((each) => each.file === 'altcha.js');
    if (!altcha) throw new Error('the graph has the altcha chunk');
    altcha.facade = 'src/features/auth/components/altcha-setup.ts';
    altcha.dynamicImports = ['admin-sales.js'];

    const weights = shopRouteWeights(graph, sizeOf, [
      'src/features/auth/components/altcha-setup.ts',
    ]);

    const login = weights.find((each) => each.page === 'src/app/routes/login-route.tsx');
    expect(login?.gzipBytes).toBe(114 * kB);
    expect(login?.adminModules).toContain('node_modules/recharts/es6/index.js');
  });

  it('given a module said to load on interaction that a chunk imports statically, or no chunk of its own, when weighed, then it refuses', () => {
    const graph = appGraph();
    const altcha = graph.chunks.find((each) => each.file === 'altcha.js');
    if (!altcha) throw new Error('the graph has the altcha chunk');
    altcha.facade = 'src/features/auth/components/altcha-setup.ts';
    const menu = graph.chunks.find((each) => each.file === 'menu.js');
    menu?.imports.push('altcha.js');

    expect(() =>
      shopRouteWeights(graph, sizeOf, ['src/features/auth/components/altcha-setup.ts']),
    ).toThrow(/menu\.js imports it statically/);
    expect(() => shopRouteWeights(appGraph(), sizeOf, ['src/features/nowhere.ts'])).toThrow(
      /not a lazy chunk of its own/,
    );
  });

  it('given a build whose admin area is not a lazy page of the entry, when weighed, then it refuses instead of passing on a graph it cannot judge', () => {
    const graph = appGraph({ dynamicImports: ['menu.js', 'login.js', 'chat.js'] });

    expect(() => shopRouteWeights(graph, sizeOf)).toThrow(/admin area/);
  });
});

describe('budgetFailures', () => {
  it('given the default budget, then 170,000 bytes pass and one byte more fails (KB, not KiB)', () => {
    const page = (gzipBytes: number) => ({
      page: 'src/app/routes/home-route.tsx',
      gzipBytes,
      adminModules: [],
    });

    expect(budgetFailures([page(170_000)])).toEqual([]);
    expect(budgetFailures([page(170_001)])).toEqual([
      'src/app/routes/home-route.tsx loads 170.0 kB gzipped, over 170.0 kB',
    ]);
  });

  it('given pages under the budget and free of admin code, then nothing fails', () => {
    expect(budgetFailures(shopRouteWeights(appGraph(), sizeOf), 170 * kB)).toEqual([]);
  });

  it('given a page over the budget and one with recharts, then each is named with why', () => {
    const failures = budgetFailures(
      [
        { page: 'src/app/routes/login-route.tsx', gzipBytes: 180 * kB, adminModules: [] },
        {
          page: 'src/app/routes/menu-route.tsx',
          gzipBytes: 100 * kB,
          adminModules: ['node_modules/recharts/es6/index.js'],
        },
      ],
      170 * kB,
    );

    expect(failures).toEqual([
      'src/app/routes/login-route.tsx loads 180.0 kB gzipped, over 170.0 kB',
      'src/app/routes/menu-route.tsx loads admin-only code: node_modules/recharts/es6/index.js',
    ]);
  });
});

describe('formatWeights', () => {
  it('given two pages, then a table heaviest first with the budget on each row', () => {
    const table = formatWeights(shopRouteWeights(appGraph(), sizeOf), 170 * kB);

    expect(table.split('\n')).toEqual([
      'shop page        kB gz  budget',
      'login-route.tsx  144.0   170.0',
      'menu-route.tsx   135.0   170.0',
    ]);
  });
});
