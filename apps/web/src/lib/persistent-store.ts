import { readJson, writeJson } from './local-store';
import type { StorageKey } from './storage-keys';

export interface PersistentStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** A value kept in local storage that components follow with `useSyncExternalStore`. */
export function createPersistentStore<T>(key: StorageKey, guard: (value: unknown) => value is T, fallback: T): PersistentStore<T> {
  const listeners = new Set<() => void>();
  let value: T = readJson(key, guard) ?? fallback;
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      value = readJson(key, guard) ?? fallback;
      listeners.forEach((l) => l());
    });
  }
  return {
    get: () => value,
    set(next) {
      value = next;
      writeJson(key, next);
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
