import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Memory-backed /dev/shm where the machine has it: PGlite's fsyncs there cost nothing. */
const scratchRoot = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** A new, empty directory for one test's files; the test removes it. */
export function scratchDirectory(prefix: string): Promise<string> {
  return mkdtemp(join(scratchRoot, `${prefix}-`));
}
