import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type RequestHandler } from 'express';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repoRoot, 'web', 'dist');

/**
 * `vite build` of the web app printing nothing but errors (not its table of
 * chunks), so `npm start` shows what matters on a first start.
 */
export function buildWebApp(
  options: { outDir?: string; stdio?: 'inherit' | 'pipe' } = {},
): SpawnSyncReturns<string> {
  const webDir = path.join(repoRoot, 'web');
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  return spawnSync(
    process.execPath,
    [
      path.join(path.dirname(vitePackage), 'bin', 'vite.js'),
      'build',
      '--logLevel',
      'error',
      ...(options.outDir ? ['--outDir', options.outDir] : []),
    ],
    { cwd: webDir, stdio: options.stdio ?? 'inherit', encoding: 'utf8' },
  );
}

/**
 * Pages the build writes already rendered (web/vite.config.ts,
 * PRERENDERED_PAGES), by the exact URL that gets them: with a query (a
 * category, a search) the page differs from its prerendered markup.
 */
const PRERENDERED_PAGES = new Map([['/cardapio', 'cardapio.html']]);

/** URL → file of the prerendered pages this build has. */
function prerenderedPageFiles(distDir: string): Map<string, string> {
  return new Map(
    [...PRERENDERED_PAGES]
      .map(([url, file]) => [url, path.join(distDir, file)] as const)
      .filter(([, filePath]) => fs.existsSync(filePath)),
  );
}

/**
 * The built web app, compressed (gzip or brotli, as nginx does in the
 * distributed mode: a phone on 4G gets a third of the bytes): hashed assets
 * cached for a year, everything else revalidated; any other GET that wants
 * HTML gets its prerendered page, or index.html so the SPA shows its own
 * page (or 'Página Não Encontrada'). Only these handlers compress: the API's
 * answers and streams are mounted before them.
 */
export function serveWebApp(distDir: string = webDist): RequestHandler[] {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`The web app is not built (${indexHtml} is missing): run npm run build:web`);
  }
  const prerendered = prerenderedPageFiles(distDir);
  const assets = express.static(distDir, {
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const spaFallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.accepts('html')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(prerendered.get(req.originalUrl) ?? indexHtml);
  };
  return [compression(), assets, spaFallback];
}
