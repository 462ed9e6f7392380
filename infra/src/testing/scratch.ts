import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where tests make their throwaway directories: /dev/shm, memory, when the
 * machine has one with room to spare (a shop's data directory is its PGlite
 * database, fsynced on every append; Chromium's profile writes as much),
 * otherwise the system's temporary folder. A container's /dev/shm is often
 * 64 MB, too little for a few shops at once: it is used only from 1 GiB free.
 */
const SHM = '/dev/shm';
const SHM_MIN_FREE_BYTES = 1024 ** 3;

function hasRoom(directory: string): boolean {
  try {
    fs.accessSync(directory, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(directory);
    return bavail * bsize >= SHM_MIN_FREE_BYTES;
  } catch {
    return false;
  }
}

let root: string | undefined;

/** The folder throwaway directories are made in (decided once per process). */
export function scratchRoot(): string {
  root ??= hasRoom(SHM) ? SHM : os.tmpdir();
  return root;
}

/** A new, empty directory, `<prefix>-` and six random characters, for one test's files; the test removes it. */
export function scratchDirectory(prefix: string): Promise<string> {
  return fs.promises.mkdtemp(path.join(scratchRoot(), `${prefix}-`));
}

/** scratchDirectory, synchronously (for a module's top level). */
export function scratchDirectorySync(prefix: string): string {
  return fs.mkdtempSync(path.join(scratchRoot(), `${prefix}-`));
}
