import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the journeys' temporary folders go: RAM (/dev/shm) when the machine has
 * it, as PGlite's fsyncs and Chromium's profile writes cost nothing there.
 */
export const tempRoot = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** A new folder of its own under tempRoot, named `prefix` and a random tail. */
export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(tempRoot, prefix));
}
