import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repoRoot, 'web', 'dist');

/**
 * The built web app: hashed assets cached for a year, everything else
 * revalidated; any other GET that wants HTML gets index.html so the SPA shows
 * its own page (or 'Página Não Encontrada').
 */
export function serveWebApp(distDir: string = webDist): RequestHandler[] {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`The web app is not built (${indexHtml} is missing): run npm run build:web`);
  }
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
    res.sendFile(indexHtml);
  };
  return [assets, spaFallback];
}
