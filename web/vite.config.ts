import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { pageStylesheets, prerenderedPageHtml, type BuiltChunk } from './scripts/prerendered-page';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = 'http://localhost:8080';

/**
 * `vite` on its own forwards API calls to a shop running on :8080. Inside the
 * shop's own dev server (middleware mode) the shop answers them itself, and a
 * proxy there would send unanswered paths back to the same server in a loop.
 */
function standaloneApiProxy(): Plugin {
  return {
    name: 'quitute:standalone-api-proxy',
    config(config) {
      if (config.server?.middlewareMode) return;
      return {
        server: {
          proxy: {
            '/api': backend,
            '/health': backend,
            '/carrinho': {
              target: backend,
              // GET /carrinho itself is the SPA's cart page; the API is POST /carrinho and /carrinho/….
              bypass: (req) =>
                req.method === 'GET' && req.url?.split('?')[0] === '/carrinho'
                  ? '/index.html'
                  : undefined,
            },
            '/payments': backend,
            // The local payment simulator's card tokenizer and payment pages.
            '/simulator': backend,
            '/socket.io': { target: backend, ws: true },
          },
        },
      };
    },
  };
}

/**
 * The shop's server sends a Content-Security-Policy without 'unsafe-inline', so
 * the inline React Refresh preamble plugin-react adds to index.html in
 * development is blocked. main.tsx imports the same preamble as a module
 * instead ('@vitejs/plugin-react/preamble'); this drops the inline copy.
 */
function externalReactPreamble(): Plugin {
  return {
    name: 'quitute:external-react-preamble',
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module">\s*import \{ injectIntoGlobalHook \}[\s\S]*?<\/script>\s*/,
          '',
        ),
    },
  };
}

/**
 * dist/.vite/bundle-graph.json: every chunk with its imports and the modules
 * in it, which the shop's JavaScript budget reads (scripts/bundle-budget.ts).
 * Vite's manifest has the imports but not the modules, and the budget must
 * tell where recharts and the admin code went. Under a dot folder: the shop's
 * server does not serve it.
 */
function bundleGraphReport(): Plugin {
  return {
    name: 'quitute:bundle-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                facade: output.facadeModuleId
                  ? path.relative(webRoot, output.facadeModuleId).split(path.sep).join('/')
                  : null,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: output.moduleIds.map((id) =>
                  path.relative(repoRoot, id).split(path.sep).join('/'),
                ),
              },
            ]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/bundle-graph.json',
        source: JSON.stringify({ chunks }, null, 2),
      });
    },
  };
}

/**
 * Pages whose HTML holds the page already rendered, so it paints before the
 * JavaScript has loaded (Lighthouse: first and largest contentful paint). The
 * shop's server (embedded/src/web-assets.ts) and nginx (nginx.conf) send
 * `file` for `path` exactly, without a query (which the markup does not
 * reflect); router.tsx's prerenderedPages lists the same paths.
 */
const PRERENDERED_PAGES = [
  { path: '/cardapio', module: 'src/app/routes/menu-route.tsx', file: 'cardapio.html' },
] as const;

/**
 * renderPage of the server build of src/prerender.tsx. The app's modules read
 * window.location as they load (the API's origin): they get one for that
 * moment only; rendering itself runs as on a server, without a window.
 */
async function loadServerBuild(file: string): Promise<(url: string) => Promise<string>> {
  Object.assign(globalThis, { window: { location: new URL('http://localhost/') } });
  try {
    const built = (await import(pathToFileURL(file).href)) as {
      renderPage: (url: string) => Promise<string>;
    };
    return built.renderPage;
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
  }
}

/**
 * After the client build: builds src/prerender.tsx for Node (under web's own
 * node_modules/.vite, where Node finds react and the app's other packages
 * whatever the client build's outDir — a test builds into a temporary folder —
 * and removed afterwards), renders each prerendered page
 * with it and writes the page's HTML beside index.html, with the stylesheets
 * of the page's chunk.
 */
function prerenderedPages(): Plugin {
  let outDir = '';
  const stylesheetsOf = new Map<string, string[]>();
  return {
    name: 'quitute:prerendered-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                facadeModuleId: output.facadeModuleId,
                imports: output.imports,
                importedCss: output.viteMetadata?.importedCss ?? new Set<string>(),
              },
            ]
          : [],
      );
      for (const page of PRERENDERED_PAGES) {
        stylesheetsOf.set(page.path, pageStylesheets(chunks, path.join(webRoot, page.module)));
      }
    },
    async closeBundle() {
      const serverOutDir = path.join(webRoot, 'node_modules', '.vite', `prerender-${process.pid}`);
      await build({
        configFile: path.join(webRoot, 'vite.config.ts'),
        logLevel: 'error',
        build: { ssr: 'src/prerender.tsx', outDir: serverOutDir, emptyOutDir: true },
      });
      const renderPage = await loadServerBuild(path.join(serverOutDir, 'prerender.js'));
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const page of PRERENDERED_PAGES) {
        const stylesheets = stylesheetsOf.get(page.path);
        if (!stylesheets) throw new Error(`no chunk found for ${page.module}`);
        const markup = await renderPage(`http://localhost${page.path}`);
        fs.writeFileSync(
          path.join(outDir, page.file),
          prerenderedPageHtml(indexHtml, { markup, stylesheets }),
        );
      }
      fs.rmSync(serverOutDir, { recursive: true, force: true });
    },
  };
}

/**
 * React Router 7 exports only its development build (remix-run/react-router
 * #12532, #14753: "intended to be temporary"), dev warnings and all; its
 * production build ships beside it. A production bundle takes that one
 * (0.6 kB gzipped off every page); the dev server keeps the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = fileURLToPath(
    new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'quitute:react-router-production-build',
    config: (_config, { command }) =>
      command === 'build'
        ? { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }
        : undefined,
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    reactRouterProductionBuild(),
    react(),
    externalReactPreamble(),
    standaloneApiProxy(),
    bundleGraphReport(),
    prerenderedPages(),
  ],
  resolve: {
    // zod, made jitless before its first schema (see src/zod-jitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    fs: {
      // Not the repository root: it holds ./data (the event store and secrets.json).
      allow: [webRoot, `${repoRoot}contracts`, `${repoRoot}node_modules`],
      // Vite's defaults, and the shop's secrets wherever they are.
      deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', 'secrets.json'],
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // contracts/ has no package "sideEffects" flag; its zod schemas are
        // top-level calls that would otherwise ride along in the first chunk.
        moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
