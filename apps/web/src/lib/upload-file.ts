import type { Client, CombinedError } from 'urql';
import { UploadComplete, UploadPresign, UploadStatus } from './api/uploads';
import { postUploadForm, UploadError, uploadType } from './upload-form';

/** The upload purposes the SPA sends (the tenant API's files purposes). */
export type UploadPurpose =
  | 'document'
  | 'centre_file'
  | 'printed_form'
  | 'form_attachment'
  | 'newsletter_image'
  | 'chat_attachment'
  | 'student_photo'
  | 'album_photo'
  | 'album_video'
  | 'activity_photo'
  | 'activity_video';

/**
 * Why an upload did not end with a checked file: the API refused the form or the completion
 * (`refused`, with its GraphQL error), the bytes did not reach the store (`transfer`), the server's
 * check refused the file (`rejected`, its reason), the check did not finish in time (`timeout`),
 * or the API could not be reached (`network`).
 */
export type UploadFailure = { error: string; kind: 'refused' | 'transfer' | 'rejected' | 'timeout' | 'network'; graphql?: CombinedError };
export type UploadOutcome = { id: string; url: string | null; name: string } | UploadFailure;

export interface UploadOptions {
  /** 0 → 1 while the bytes go to the store. */
  onProgress?: (fraction: number) => void;
  /** `uploading` while the bytes go, `checking` once the server checks them. */
  onPhase?: (phase: 'uploading' | 'checking') => void;
  signal?: AbortSignal;
  /** How long to wait for the server's check (default two minutes). */
  waitMs?: number;
}

const POLL_MS = 1000;

const refused = (e: CombinedError | undefined): UploadFailure =>
  e && !e.graphQLErrors.length && e.networkError
    ? { error: e.message, kind: 'network', graphql: e }
    : { error: e?.graphQLErrors[0]?.message ?? e?.message ?? 'upload', kind: 'refused', graphql: e };

/**
 * Uploads a file for a purpose through the files service: the signed form, the post (progress 0 → 1),
 * completeUpload, then the server's check polled until the file is ready (its id and signed URL)
 * or refused (why, as an UploadFailure).
 */
export async function uploadFile(client: Client, purpose: UploadPurpose, ownerId: string, file: File, opts: UploadOptions = {}): Promise<UploadOutcome> {
  opts.onPhase?.('uploading');
  const signed = await client
    .mutation(UploadPresign, { purpose, owner_id: ownerId, content_type: uploadType(file), size: file.size, file_name: file.name })
    .toPromise();
  if (signed.error || !signed.data) return refused(signed.error);
  const ticket = signed.data.getPresignedUploadUrl;
  try {
    await postUploadForm(ticket, file, opts.onProgress ?? (() => undefined), opts.signal);
  } catch (e) {
    return { error: (e as Error).message, kind: e instanceof UploadError ? 'transfer' : 'network' };
  }
  opts.onPhase?.('checking');
  const done = await client.mutation(UploadComplete, { upload_id: ticket.upload_id }).toPromise();
  if (done.error || !done.data) return refused(done.error);
  const until = Date.now() + (opts.waitMs ?? 120_000);
  while (Date.now() < until && !opts.signal?.aborted) {
    const r = await client.query(UploadStatus, { upload_id: ticket.upload_id }, { requestPolicy: 'network-only' }).toPromise();
    const s = r.data?.uploadStatus;
    if (!s) return refused(r.error);
    if (s.status === 'ready') return { id: s.id, url: s.url ?? null, name: s.original_name };
    if (s.status === 'rejected') return { error: s.reason ?? 'rejected', kind: 'rejected' };
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
  return { error: opts.signal?.aborted ? 'The upload was cancelled.' : 'timeout', kind: opts.signal?.aborted ? 'transfer' : 'timeout' };
}
