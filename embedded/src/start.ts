import fs from 'node:fs';
import path from 'node:path';
import { buildWebApp, repoRoot, webDist } from './web-assets';

/**
 * `npm start`: builds the web app when web/dist is missing or older than its
 * sources (quietly: one line, then only errors), then runs the shop in this
 * same process.
 */
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contracts/src'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

const builtAt = fs.statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(repoRoot, source))));
if (builtAt === undefined || builtAt < changedAt) {
  console.log(builtAt === undefined ? 'Building the web app…' : 'Web sources changed: rebuilding…');
  const build = buildWebApp();
  if (build.status !== 0) {
    console.error('The web app did not build (errors above).');
    process.exit(build.status ?? 1);
  }
}

const { runShop } = await import('./run');
await runShop();
