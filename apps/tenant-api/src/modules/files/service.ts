import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { writeOutbox } from '@kv/jobs';
import { parseArgs } from '@kv/server';
import { forCentre, MAX_URL_SECONDS, normaliseType, uploadKey, type FileStore } from '@kv/files';
import type { RequestContext } from '../../types.ts';
import { inTransaction } from '../../core/tx.ts';
import { requireViewer } from '../../core/access.ts';
import { id } from '../../core/args.ts';
import * as repo from './repo.ts';
import { purposeOf } from './purposes.ts';
import {
  notArrived,
  sizeOutOfRange,
  storeUnavailable,
  tooManyUploads,
  typeNotAccepted,
  unknownPurpose,
  uploadExpired,
  uploadNotFound,
} from './errors.ts';

export const FILES_QUEUE = 'files';
export const CHECK_UPLOAD_JOB = 'check-upload';
/** Open uploads one person may have at a time. */
const MAX_OPEN_UPLOADS = 20;

export function centreStore(ctx: RequestContext): FileStore {
  if (!ctx.deps.files) throw storeUnavailable();
  return forCentre(ctx.deps.files, ctx.tenant.id);
}

const uploadId = z.string().uuid('Not a valid upload id.');

const fileName = z
  .string()
  .trim()
  .max(255, 'The file name is at most 255 characters.')
  .transform((v) => v.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/^.*[\\/]/, '') || 'file')
  .nullish();

/**
 * Spec "pre-signed upload URL": a signed form for one file of a purpose, after the owning area's
 * check that the viewer may add it. The key is made here; the form only accepts that key, the
 * declared type and at most the declared size, for five minutes.
 */
export async function getPresignedUploadUrl(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(
    z.object({
      purpose: z.string().max(40, 'Unknown file purpose.'),
      owner_id: id,
      content_type: z.string().max(100, 'The type is too long.'),
      size: z.number().int('The size is a whole number of bytes.'),
      file_name: fileName,
    }),
    raw,
  );
  const purpose = purposeOf(a.purpose);
  if (!purpose) throw unknownPurpose();
  const type = normaliseType(a.content_type);
  if (!purpose.rules.types.includes(type)) throw typeNotAccepted(purpose.rules.types);
  if (a.size < 1 || a.size > purpose.rules.maxBytes) throw sizeOutOfRange(purpose.rules.maxBytes);
  await purpose.assertMayUpload(ctx, a.owner_id);
  const store = centreStore(ctx);
  if ((await repo.openUploadCount(ctx.db, v.id)) >= MAX_OPEN_UPLOADS) throw tooManyUploads();

  const fileId = randomUUID();
  const key = uploadKey(ctx.tenant.id, fileId);
  const ticket = await store.presignUpload(key, { contentType: type, maxBytes: a.size, expiresInSeconds: MAX_URL_SECONDS });
  await repo.insertFile(ctx.db, {
    id: fileId,
    purpose: a.purpose,
    owner_id: a.owner_id,
    status: 'pending',
    upload_key: key,
    original_name: a.file_name ?? 'file',
    declared_type: type,
    declared_size: String(a.size),
    uploaded_by: v.id,
    upload_expires_at: ticket.expiresAt,
  });
  return {
    url: ticket.url,
    fields: Object.entries(ticket.fields).map(([name, value]) => ({ name, value })),
    upload_id: fileId,
    expires_at: ticket.expiresAt.toISOString(),
    max_size: a.size,
  };
}

/** An upload of the viewer's own (nobody else learns that an upload id exists). */
async function ownUpload(ctx: RequestContext, raw: unknown): Promise<repo.FileRow> {
  const v = requireViewer(ctx);
  const a = parseArgs(z.object({ upload_id: uploadId }), raw);
  const row = await repo.findFile(ctx.db, a.upload_id);
  if (!row || String(row.uploaded_by) !== v.id) throw uploadNotFound();
  return row;
}

/**
 * The browser has posted the form: the check is queued (outbox, same transaction) and the upload
 * is `checking`. Calling it again answers the upload's state; nothing is checked twice.
 */
export async function completeUpload(ctx: RequestContext, raw: unknown) {
  const row = await ownUpload(ctx, raw);
  if (row.status !== 'pending') return row;
  const found = await centreStore(ctx).stat(row.upload_key!);
  if (!found) throw row.upload_expires_at.getTime() < Date.now() ? uploadExpired() : notArrived();
  return inTransaction(ctx, async (trx) => {
    const moved = await repo.moveFile(trx, row.id, 'pending', { status: 'checking' });
    if (!moved) return (await repo.findFile(trx, row.id))!;
    await writeOutbox(trx, {
      queue: FILES_QUEUE,
      name: CHECK_UPLOAD_JOB,
      payload: { centreId: ctx.tenant.id, fileId: row.id },
      dedupeKey: `file-check:${row.id}`,
    });
    return moved;
  });
}

/** The state of one of the viewer's uploads (polled after completeUpload). */
export async function uploadStatus(ctx: RequestContext, raw: unknown) {
  return ownUpload(ctx, raw);
}
