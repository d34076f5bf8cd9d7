import type { Client } from 'urql';
import { postUploadForm, uploadType } from '../../../lib/upload-form';
import { CompleteUploadMutation, PresignMutation, UploadStatusQuery } from '../api/documents.graphql';

export type UploadPurpose = 'document' | 'centre_file';

/**
 * Uploads a file for a purpose through the files service (signed form, completeUpload, then the
 * check) and answers the checked file's id, or the reason it failed.
 */
export async function uploadFile(client: Client, purpose: UploadPurpose, ownerId: string, file: File): Promise<{ id: string } | { error: string }> {
  const signed = await client
    .mutation(PresignMutation, { purpose, owner_id: ownerId, content_type: uploadType(file), size: file.size, file_name: file.name })
    .toPromise();
  if (signed.error || !signed.data) return { error: signed.error?.graphQLErrors[0]?.message ?? signed.error?.message ?? 'upload' };
  const ticket = signed.data.getPresignedUploadUrl;
  try {
    await postUploadForm(ticket, file, () => undefined);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const done = await client.mutation(CompleteUploadMutation, { upload_id: ticket.upload_id }).toPromise();
  if (done.error) return { error: done.error.graphQLErrors[0]?.message ?? done.error.message };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const r = await client.query(UploadStatusQuery, { upload_id: ticket.upload_id }, { requestPolicy: 'network-only' }).toPromise();
    const s = r.data?.uploadStatus;
    if (!s) return { error: r.error?.message ?? 'upload' };
    if (s.status === 'ready') return { id: s.id };
    if (s.status === 'rejected') return { error: s.reason ?? 'rejected' };
    await new Promise((res) => setTimeout(res, 1000));
  }
  return { error: 'timeout' };
}

/** A local date (`YYYY-MM-DD`) as `MM/DD/YYYY` (spec §9); blank when empty. */
export function day(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}
