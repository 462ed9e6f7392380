import fs from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { scratchDirectory } from '@quitute/infra/testing';
import { buildWebApp, serveWebApp } from '../web-assets';
import { headersAndCspTests } from './headers-csp';
import { massAssignmentTests } from './mass-assignment';
import { requestBodyTests } from './request-bodies';
import { openSecurityShop, type SecurityShop } from './shop';

/**
 * Issue 14.2, what requests carry and what answers send: mass assignment,
 * Mongo operators, body size and syntax, helmet's headers and the CSP. One
 * shop for them all, serving the web app built from today's sources (a few
 * seconds with Vite), not whatever web/dist holds.
 */

let shop: SecurityShop | undefined;
let webDir: string | undefined;
beforeAll(async () => {
  webDir = await scratchDirectory('quitute-security-web');
  const build = buildWebApp({ outDir: webDir, stdio: 'pipe' });
  if (build.status !== 0) throw new Error(`web build failed: ${build.stderr}`);
  shop = await openSecurityShop({ web: serveWebApp(webDir) });
}, 180_000);
afterAll(async () => {
  await shop?.close();
  if (webDir) await fs.rm(webDir, { recursive: true, force: true });
});

const current = () => {
  if (!shop) throw new Error('the shop did not open');
  return shop;
};

massAssignmentTests(current);
requestBodyTests(current);
headersAndCspTests(current);
