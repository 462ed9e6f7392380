// `npm start` (and `node embedded/start.mjs <entry.ts>` for another entry, as
// the cold-start benchmark does): bundles the shop (bundle.mjs: built again only
// when a file it is built from changed), then runs it in this process. Run with
// --enable-source-maps for stacks in the TypeScript.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleShop } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.resolve(process.argv[2] ?? path.join(here, 'src', 'start.ts'));
await import(pathToFileURL(await bundleShop(entry)).href);
