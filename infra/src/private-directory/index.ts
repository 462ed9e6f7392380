import { chmodSync, mkdirSync } from 'node:fs';

/**
 * A folder the shop names itself under DATA_DIR to hold customers' data (the
 * event store, the mail outbox with its reset links, the payment simulator's
 * log): made, or made again, readable by the shop's user only, whatever the
 * umask or the library writing into it (PGlite writes its files 0666). Folders
 * it makes on the way (a new DATA_DIR) are the user's only too. Never for a
 * folder a setting names as it is: tightening one like /tmp would break the machine.
 */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
