import path from 'node:path';
import { createServer } from 'vite';
import { runShop } from './run';
import { repoRoot } from './web-assets';

/** `npm run dev`: the same shop, with Vite's dev server (hot reload) serving the web app. */
await runShop({
  web: async () => {
    const vite = await createServer({
      configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    return [vite.middlewares];
  },
});
