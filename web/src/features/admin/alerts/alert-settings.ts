import { browserStorage, readStorage, writeStorage } from '../../../lib/storage';

/** Where this browser remembers the admin's choice of a sound for new orders (off unless she turned it on). */
export const NEW_ORDER_SOUND_KEY = 'adminNewOrderSound';

export function readNewOrderSound(storage: Storage | undefined = browserStorage()): boolean {
  return readStorage(storage, NEW_ORDER_SOUND_KEY) === 'on';
}

export function writeNewOrderSound(
  on: boolean,
  storage: Storage | undefined = browserStorage(),
): void {
  writeStorage(storage, NEW_ORDER_SOUND_KEY, on ? 'on' : 'off');
}
