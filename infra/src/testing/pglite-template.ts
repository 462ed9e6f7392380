import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPgliteClient } from '../event-store/pglite-client';
import { scratchDirectory } from './scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory initialised once for the whole run (see pglite-global-setup.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Initialises one PGlite data directory, as a new shop's first start does
 * (initdb: seconds of WebAssembly), for every test of the run to copy. It
 * holds nothing of ours: each copy still creates the event store's tables.
 */
export async function preparePgliteTemplate(): Promise<{
  directory: string;
  remove: () => Promise<void>;
}> {
  const parent = await scratchDirectory('quitute-pglite-template');
  const directory = join(parent, 'data');
  const client = await openPgliteClient(directory);
  await client.close();
  return { directory, remove: () => rm(parent, { recursive: true, force: true }) };
}

/**
 * Fills `target` (new or empty) with a copy of the run's initialised PGlite
 * directory: opening it then skips initdb, as a shop's second start does.
 */
export async function preparedPgliteDirectory(target: string): Promise<void> {
  await copyTree(inject('pgliteTemplate'), target);
}

/**
 * `from`'s files copied into `to`, folders with their modes, all at once: fs.cp copies
 * one file at a time, several times slower. Figures: BENCHMARKS.md.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: (await stat(from)).mode });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyTree(join(from, entry.name), join(to, entry.name))
        : copyFile(join(from, entry.name), join(to, entry.name)),
    ),
  );
}
