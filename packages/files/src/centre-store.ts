import { assertCentreKey, ForeignKeyError } from './keys.ts';
import type { FileStore } from './types.ts';

/**
 * The store as one centre sees it: every operation (signing, reading, writing, deleting) refuses a
 * key of another centre (`ForeignKeyError`) before it reaches the store.
 */
export function forCentre(store: FileStore, centreId: string): FileStore {
  const check = (key: string) => assertCentreKey(centreId, key);
  return {
    kind: store.kind,
    origins: store.origins,
    async presignUpload(key, rules) {
      check(key);
      return store.presignUpload(key, rules);
    },
    async presignDownload(key, rules) {
      check(key);
      return store.presignDownload(key, rules);
    },
    async stat(key) {
      check(key);
      return store.stat(key);
    },
    async read(key, maxBytes) {
      check(key);
      return store.read(key, maxBytes);
    },
    async write(key, body, contentType) {
      check(key);
      return store.write(key, body, contentType);
    },
    async remove(keys) {
      keys.forEach(check);
      return store.remove(keys);
    },
    async listCentre(id) {
      if (id !== centreId) throw new ForeignKeyError();
      return store.listCentre(id);
    },
  };
}
