import { runShop } from './run';
import { createDevWeb } from './dev-web';

/**
 * `npm run dev`: the same shop, with Vite's dev server (hot reload) serving
 * the web app, on 127.0.0.1 unless HOST says otherwise: a dev server is not
 * meant to be reached from the network.
 */
await runShop({
  defaultHost: '127.0.0.1',
  web: async (config) => [(await createDevWeb({ dataDir: config.dataDir })).middlewares],
});
