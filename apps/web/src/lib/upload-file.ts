import type { Client } from 'urql';
import { UploadComplete, UploadPresign, UploadStatus } from './api/uploads';
import { postUploadForm, uploadType } from './upload-form';

/** The upload purposes the SPA sends (the tenant API's files purposes). */
export type UploadPurpose = 'document' | 'centre_file' | 'printed_form' | 'form_attachment' | 'newsletter_image' | 'chat_attachment';

export type UploadOutcome = { id: string; url: string | null; name: string } | { error: string };

const POLL_MS = 1000;
const GIVE_UP_MS = 120_000;

const messageOf = (e: { graphQLErrors: { message: string }[]; message: string } | undefined) => e?.graphQLErrors[0]?.message ?? e?.message ?? 'upload';

/**
 * Uploads a file for a purpose through the files service: the signed form, the post (progress 0 → 1),
 * completeUpload, then the server's check polled until the file is ready (its id and signed URL)
 * or refused (the reason, in the person's words).
 */
export async function uploadFile(
  client: Client,
  purpose: UploadPurpose,
  ownerId: string,
  file: File,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadOutcome> {
  const signed = await client
    .mutation(UploadPresign, { purpose, owner_id: ownerId, content_type: uploadType(file), size: file.size, file_name: file.name })
    .toPromise();
  if (signed.error || !signed.data) return { error: messageOf(signed.error) };
  const ticket = signed.data.getPresignedUploadUrl;
  try {
    await postUploadForm(ticket, file, opts.onProgress ?? (() => undefined), opts.signal);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const done = await client.mutation(UploadComplete, { upload_id: ticket.upload_id }).toPromise();
  if (done.error) return { error: messageOf(done.error) };
  const until = Date.now() + GIVE_UP_MS;
  while (Date.now() < until && !opts.signal?.aborted) {
    const r = await client.query(UploadStatus, { upload_id: ticket.upload_id }, { requestPolicy: 'network-only' }).toPromise();
    const s = r.data?.uploadStatus;
    if (!s) return { error: messageOf(r.error) };
    if (s.status === 'ready') return { id: s.id, url: s.url ?? null, name: s.original_name };
    if (s.status === 'rejected') return { error: s.reason ?? 'rejected' };
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
  return { error: opts.signal?.aborted ? 'The upload was cancelled.' : 'timeout' };
}
