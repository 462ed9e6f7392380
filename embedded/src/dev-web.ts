import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { repoRoot } from './web-assets';

/**
 * Vite's dev server in middleware mode, for `npm run dev`. web/vite.config.ts
 * lets it serve only the web app, the workspaces it imports and node_modules;
 * the data directory (the event store, secrets.json, the outbox) is denied
 * wherever DATA_DIR points, even inside those.
 */
export function createDevWeb(options: { dataDir: string }): Promise<ViteDevServer> {
  const dataDir = path.resolve(options.dataDir);
  return createServer({
    configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
    server: { middlewareMode: true, fs: { deny: [dataDir, `${dataDir}/**`] } },
    appType: 'spa',
  });
}
