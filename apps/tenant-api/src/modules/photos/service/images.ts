import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import { IMAGE_RESIZE_BATCH } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { managerScope, staffScope } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import {
  centreStore,
  findFiles,
  IMAGE_SETTING_BOUNDS,
  IMAGE_SETTING_KEY,
  readImageSetting,
  reencodeImages,
  type FileRow,
} from '../../files/index.ts';
import { writeSetting } from '../../settings/index.ts';
import * as repo from '../repo.ts';
import { mayWrite } from '../policy.ts';
import { photoNotFound, resizeFailed } from '../errors.ts';
import { AppError } from '@kv/server';

/** Spec getImagesSetting: the size photos are stored at (staff). */
export async function getImagesSetting(ctx: RequestContext) {
  await staffScope(ctx);
  return readImageSetting(ctx.db);
}

const bound = (label: string, k: keyof typeof IMAGE_SETTING_BOUNDS) =>
  fields.intBetween(label, IMAGE_SETTING_BOUNDS[k][0], IMAGE_SETTING_BOUNDS[k][1]).nullish();

/** Saves the image setting (managers with settings.manage, checked by the gate); omitted values keep theirs. */
export async function saveImagesSetting(ctx: RequestContext, raw: unknown) {
  await managerScope(ctx);
  const a = parseArgs(
    z.object({
      long_side: bound('The long side', 'long_side'),
      quality: bound('The quality', 'quality'),
      thumbnail: bound('The thumbnail', 'thumbnail'),
    }),
    raw,
  );
  const setting = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, 'setting:images');
    const before = await readImageSetting(trx);
    const next = {
      long_side: a.long_side ?? before.long_side,
      quality: a.quality ?? before.quality,
      thumbnail: a.thumbnail ?? before.thumbnail,
    };
    await writeSetting(trx, IMAGE_SETTING_KEY, next);
    await audit(ctx, trx, { action: 'settings.images', entity: 'settings', entity_id: 'images', data: { before, after: next } });
    return next;
  });
  return { ...notice('Image size saved.'), setting };
}

/**
 * Spec bulkResizeImges: re-encodes the stored images of these photos (at most IMAGE_RESIZE_BATCH)
 * to the current image setting, through the FileStore. All or nothing: a photo out of reach names
 * its index; an image that cannot be re-encoded answers IMAGE_RESIZE_FAILED naming its index and
 * nothing is written. The page walks every image in batches, the next only after success.
 */
export async function bulkResizeImges(ctx: RequestContext, raw: unknown) {
  const scope = await managerScope(ctx);
  const a = parseArgs(
    z.object({
      ids: z
        .array(id)
        .min(1, 'Choose at least one image.')
        .max(IMAGE_RESIZE_BATCH, `Resize at most ${IMAGE_RESIZE_BATCH} images at a time.`),
    }),
    raw,
  );
  const ids = a.ids.map(String);
  if (new Set(ids).size !== ids.length) throw new AppError('BAD_USER_INPUT', 'Choose each image once.', { field: 'ids' });
  const setting = await readImageSetting(ctx.db);
  const store = centreStore(ctx);
  const result = await inTransaction(ctx, async (trx) => {
    const photos = new Map((await repo.photosInScope(trx, { kind: 'all' }, ids)).map((p) => [String(p.id), p]));
    const files = new Map(
      (
        await findFiles(
          trx,
          [...photos.values()].map((p) => p.file_id),
        )
      ).map((f) => [f.id, f]),
    );
    const batch: FileRow[] = [];
    for (const [i, pid] of ids.entries()) {
      const photo = photos.get(pid);
      if (!photo || !mayWrite(scope, photo)) throw photoNotFound(`ids.${i}`);
      const file = files.get(photo.file_id);
      if (!file || !file.variants?.main?.type.startsWith('image/'))
        throw new AppError('BAD_USER_INPUT', 'Only photos are resized (not videos).', { field: `ids.${i}` });
      batch.push(file);
    }
    await lockFor(trx, 'images:resize');
    const r = await reencodeImages(trx, store, ctx.tenant.id, batch, setting);
    if (!r.ok) throw resizeFailed(r.index, r.reason);
    await audit(ctx, trx, { action: 'photo.resize', entity: 'settings', entity_id: 'images', data: { photos: ids, setting } });
    return ids.map((pid) => photos.get(pid)!);
  });
  return { ...notice('Resized successfully!'), resized: result.length, photos: result };
}
