import type { Knex } from 'knex';
import { checkUpload, fileKey, FileTooLargeError, ObjectMissingError, type CheckedVariant, type FileStore } from '@kv/files';
import type { FileRow, VariantInfo } from './repo.ts';
import type { ImageSetting } from './image-setting.ts';

/** Largest stored main variant re-encoding reads (the album purposes accept 15 MB in). */
const MAX_STORED = 15 * 1024 * 1024;

export type ReencodeResult = { ok: true; files: FileRow[] } | { ok: false; index: number; reason: string };

/**
 * Re-encodes stored images to an image setting (`bulkResizeImges`): each file's stored `main`
 * variant is read through the FileStore and put through the same check an upload gets (WebP at
 * the setting's long side and quality, a new thumbnail). Every file is encoded before anything is
 * written: a file that cannot be re-encoded answers its index and nothing changes. Then the
 * variants are written in place (same keys) and the rows updated in `trx`.
 *
 * The originals are not kept after an upload's check, so a long side larger than the stored image
 * keeps its size (no upscaling); a smaller one shrinks it.
 */
export async function reencodeImages(
  trx: Knex.Transaction,
  store: FileStore,
  centreId: string,
  files: readonly FileRow[],
  setting: ImageSetting,
): Promise<ReencodeResult> {
  const encoded: CheckedVariant[][] = [];
  for (const [index, file] of files.entries()) {
    const main = file.variants?.main;
    if (file.status !== 'ready' || !main || !main.type.startsWith('image/')) return { ok: false, index, reason: 'Not a stored image.' };
    let bytes: Buffer;
    try {
      bytes = await store.read(fileKey(centreId, file.id, 'main'), MAX_STORED);
    } catch (e) {
      if (e instanceof ObjectMissingError || e instanceof FileTooLargeError)
        return { ok: false, index, reason: 'The stored image cannot be read.' };
      throw e;
    }
    const r = await checkUpload(bytes, main.type, {
      kind: 'image',
      types: [main.type],
      maxBytes: MAX_STORED,
      image: { longSide: setting.long_side, thumbSide: setting.thumbnail, quality: setting.quality, maxPixels: 40_000_000 },
    });
    if (!r.ok) return { ok: false, index, reason: r.reason };
    encoded.push(r.variants);
  }
  const out: FileRow[] = [];
  for (const [i, file] of files.entries()) {
    const variants: Record<string, VariantInfo> = { ...file.variants };
    for (const v of encoded[i]!) {
      await store.write(fileKey(centreId, file.id, v.variant), v.body, v.contentType);
      variants[v.variant] = { type: v.contentType, size: v.body.length, width: v.width, height: v.height };
    }
    const main = variants.main!;
    const [row] = (await trx('files')
      .where({ id: file.id, status: 'ready' })
      .update({
        variants: JSON.stringify(variants),
        content_type: main.type,
        size: Object.values(variants).reduce((n, v) => n + v.size, 0),
        width: main.width,
        height: main.height,
        updated_at: trx.fn.now(),
      })
      .returning('*')) as FileRow[];
    out.push(row!);
  }
  return { ok: true, files: out };
}
