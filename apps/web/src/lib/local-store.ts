import type { StorageKey } from './storage-keys';

// Storage can throw (private mode, quota, disabled cookies): the app must keep working without it.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this page.
  }
}

export function readJson<T>(key: StorageKey, guard: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function removeKeys(keys: readonly StorageKey[]): void {
  const s = storage();
  for (const key of keys) {
    try {
      s?.removeItem(key);
    } catch {
      // ignore
    }
  }
}
