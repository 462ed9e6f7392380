import { runShop } from '../run';
import { noWebApp } from './shop';

/**
 * The shop as `npm start` runs it, configured by the environment, without the
 * web app (tests that kill and restart the process need only its APIs).
 */
await runShop({ web: async () => noWebApp });
