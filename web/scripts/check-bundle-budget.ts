import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  budgetFailures,
  formatWeights,
  LOADED_ON_INTERACTION,
  shopRouteWeights,
  type BundleGraph,
} from './bundle-budget';

/**
 * `npm run bundle-budget` after `npm run build:web` (or with a dist folder as
 * its argument): reads the build, prints each shop page's gzipped JavaScript
 * and fails when one is over budget or can reach admin code.
 */
const distDir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const graphFile = path.join(distDir, '.vite', 'bundle-graph.json');
if (!fs.existsSync(graphFile)) {
  console.error(`${graphFile} is missing: run npm run build:web first`);
  process.exit(1);
}

const graph = JSON.parse(fs.readFileSync(graphFile, 'utf8')) as BundleGraph;
const gzipBytesOf = (file: string) =>
  gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
const weights = shopRouteWeights(graph, gzipBytesOf, LOADED_ON_INTERACTION);
console.log(formatWeights(weights));
console.log(
  `\nnot counted, loaded when the visitor acts:\n  ${LOADED_ON_INTERACTION.join('\n  ')}`,
);

const failures = budgetFailures(weights);
if (failures.length > 0) {
  console.error(`\nThe shop's JavaScript budget is broken:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`\nbundle budget: ${weights.length} shop pages within budget, no admin code`);
