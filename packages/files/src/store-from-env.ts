import path from 'node:path';
import { LocalFileStore } from './local-store.ts';
import { S3FileStore } from './s3-store.ts';
import type { FileStore } from './types.ts';

export interface FileStoreEnvOptions {
  env?: NodeJS.ProcessEnv;
  /** The embedded mode's data folder: the local store keeps its objects in `<dataDir>/files`. */
  dataDir: string;
  /** Signs the local store's URLs (a key derived from the platform secret). */
  secret: string;
}

/** `S3_BUCKET` (with `S3_REGION`, `S3_ENDPOINT`) selects S3; otherwise the local store. */
export function createFileStore(opts: FileStoreEnvOptions): FileStore {
  const env = opts.env ?? process.env;
  if (env.S3_BUCKET) {
    return new S3FileStore({ bucket: env.S3_BUCKET, region: env.S3_REGION || 'us-east-1', endpoint: env.S3_ENDPOINT || undefined });
  }
  return new LocalFileStore({ root: path.join(opts.dataDir, 'files'), secret: opts.secret });
}
