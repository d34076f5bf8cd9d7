import { checkUpload, fileKey, type CheckRules, type FileStore } from '@kv/files';
import type { AuditInput } from '../../core/audit.ts';
import type { FileRow, VariantInfo } from './repo.ts';
import { purposeOf } from './purposes.ts';

/** The columns a file row takes once its check accepted it and its variants are stored. */
export interface ReadyColumns {
  status: 'ready';
  key: string;
  variants: Record<string, VariantInfo>;
  upload_key: null;
  content_type: string;
  /** Every variant counted. */
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  sha256: string;
}

/**
 * A purpose's check on a file's bytes (type sniffed, images re-encoded with their thumbnail, videos
 * probed, PDFs parsed), then its variants stored at `centre/<centreId>/files/<fileId>/<variant>`:
 * the columns of its `ready` row, or why the purpose refuses the file. The check job runs it on a
 * browser upload; the demo seed on the photos it generates. `store` is bound to the centre
 * (`forCentre`). `rules` replaces the purpose's static rules when it reads a setting (`rulesOf`).
 */
export async function checkAndStore(
  store: FileStore,
  centreId: string,
  fileId: string,
  purposeName: string,
  bytes: Buffer,
  declaredType: string,
  rules?: CheckRules,
): Promise<{ ok: true; ready: ReadyColumns } | { ok: false; reason: string }> {
  const purpose = purposeOf(purposeName);
  if (!purpose) return { ok: false, reason: 'This kind of file is no longer accepted.' };
  const result = await checkUpload(bytes, declaredType, rules ?? purpose.rules);
  if (!result.ok) return result;
  const variants: Record<string, VariantInfo> = {};
  for (const v of result.variants) {
    await store.write(fileKey(centreId, fileId, v.variant), v.body, v.contentType);
    variants[v.variant] = { type: v.contentType, size: v.body.length, width: v.width, height: v.height };
  }
  return {
    ok: true,
    ready: {
      status: 'ready',
      key: `centre/${centreId}/files/${fileId}`,
      variants,
      upload_key: null,
      content_type: result.contentType,
      size: Object.values(variants).reduce((n, v) => n + v.size, 0),
      width: result.width,
      height: result.height,
      duration: result.duration,
      sha256: result.sha256,
    },
  };
}

/** The audit row of an accepted file: the owner's history shows who added it. */
export function acceptedAudit(
  file: Pick<FileRow, 'id' | 'purpose' | 'owner_id' | 'original_name' | 'uploaded_by'> & { size: number | string | null },
): AuditInput {
  return {
    actor_user_id: file.uploaded_by ? String(file.uploaded_by) : null,
    action: `file.${file.purpose}`,
    entity: purposeOf(file.purpose)?.entity ?? file.purpose,
    entity_id: String(file.owner_id),
    data: { file_id: file.id, name: file.original_name, size: file.size === null ? null : Number(file.size) },
  };
}
