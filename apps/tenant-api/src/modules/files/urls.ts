import { AppError } from '@kv/server';
import { fileKey, MAX_URL_SECONDS, type Variant } from '@kv/files';
import type { RequestContext } from '../../types.ts';
import type { FileRow } from './repo.ts';
import { purposeOf } from './purposes.ts';
import { centreStore } from './service.ts';

/** A file row as resolvers pass it; `__readable` marks rows reached through the owner area's own scope. */
export type FileObj = FileRow & { __readable?: boolean };

export interface SignedUrls {
  url: string;
  thumbnail_url: string | null;
  expires_at: string;
}

type Batch = { ids: Set<string>; result: Promise<Set<string>> };
const batches = new WeakMap<RequestContext, Map<string, Batch>>();
const signed = new WeakMap<object, Promise<SignedUrls | null>>();

/**
 * Whether the viewer may read files of this owner: the owning area's check, with every owner asked
 * in the same tick answered by one call (a page of students costs one query, not one per photo).
 */
function mayRead(ctx: RequestContext, purposeName: string, ownerId: string): Promise<boolean> {
  const purpose = purposeOf(purposeName);
  if (!purpose || !ctx.viewer) return Promise.resolve(false);
  let byPurpose = batches.get(ctx);
  if (!byPurpose) batches.set(ctx, (byPurpose = new Map()));
  let batch = byPurpose.get(purposeName);
  if (!batch) {
    const ids = new Set<string>();
    const result = new Promise<void>((r) => process.nextTick(r)).then(async () => {
      byPurpose.delete(purposeName);
      try {
        return await purpose.readableOwners(ctx, [...ids]);
      } catch (e) {
        if (e instanceof AppError) return new Set<string>();
        throw e;
      }
    });
    batch = { ids, result };
    byPurpose.set(purposeName, batch);
  }
  batch.ids.add(String(ownerId));
  return batch.result.then((s) => s.has(String(ownerId)));
}

async function sign(ctx: RequestContext, file: FileObj): Promise<SignedUrls | null> {
  if (file.status !== 'ready' || !file.key) return null;
  if (!file.__readable && !(await mayRead(ctx, file.purpose, String(file.owner_id)))) return null;
  const purpose = purposeOf(file.purpose)!;
  const store = centreStore(ctx);
  const link = async (variant: Variant) => {
    const info = file.variants[variant];
    if (!info) return null;
    const name = variant === 'main' ? file.original_name : `${variant}-${file.original_name}`;
    return store.presignDownload(fileKey(ctx.tenant.id, file.id, variant), {
      fileName: info.type === 'image/webp' ? name.replace(/\.[a-z0-9]{2,5}$/i, '') + '.webp' : name,
      contentType: info.type,
      disposition: variant === 'main' ? purpose.disposition : 'inline',
      expiresInSeconds: MAX_URL_SECONDS,
    });
  };
  const [main, thumb, poster] = await Promise.all([link('main'), link('thumb'), link('poster')]);
  if (!main) return null;
  return { url: main.url, thumbnail_url: (thumb ?? poster)?.url ?? null, expires_at: main.expiresAt.toISOString() };
}

/**
 * `fileUrl(file, viewer)`: short-lived signed URLs of a ready file, only after the viewer passed the
 * owning area's access check (or the row came through it); null otherwise. Memoised per row object.
 */
export function fileUrls(ctx: RequestContext, file: FileObj): Promise<SignedUrls | null> {
  let p = signed.get(file);
  if (!p) {
    p = sign(ctx, file);
    signed.set(file, p);
  }
  return p;
}

/**
 * A signed download (attachment) URL of a ready file's main variant, under the same read check as
 * `fileUrls` (or for a row the owner area passed, `__readable`); null otherwise.
 */
export async function fileDownloadUrl(ctx: RequestContext, file: FileObj): Promise<string | null> {
  if (file.status !== 'ready' || !file.key) return null;
  if (!file.__readable && !(await mayRead(ctx, file.purpose, String(file.owner_id)))) return null;
  const info = file.variants.main;
  if (!info) return null;
  const name = info.type === 'image/webp' ? file.original_name.replace(/\.[a-z0-9]{2,5}$/i, '') + '.webp' : file.original_name;
  const link = await centreStore(ctx).presignDownload(fileKey(ctx.tenant.id, file.id, 'main'), {
    fileName: name,
    contentType: info.type,
    disposition: 'attachment',
    expiresInSeconds: MAX_URL_SECONDS,
  });
  return link.url;
}
