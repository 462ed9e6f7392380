/** localStorage that never throws (private mode, quota, disabled storage): failures are only logged. */
export function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Não foi possível ler "${key}" do armazenamento local.`, error);
    return null;
  }
}

export function writeStorage(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch (error) {
    console.warn(`Não foi possível salvar "${key}" no armazenamento local.`, error);
  }
}

export function removeStorage(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch (error) {
    console.warn(`Não foi possível remover "${key}" do armazenamento local.`, error);
  }
}

export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
