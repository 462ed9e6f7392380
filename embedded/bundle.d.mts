/** Where `npm start` writes its bundles (embedded/dist). */
export const DEFAULT_OUTDIR: string;

/**
 * Bundles `entry` (and the worker threads' modules) into `outdir` unless the
 * bundle there was built from the same files; resolves to the entry's bundle.
 */
export function bundleShop(entry: string, options?: { outdir?: string }): Promise<string>;
