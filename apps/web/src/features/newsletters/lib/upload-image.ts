import type { Client } from 'urql';
import { postUploadForm, uploadType } from '../../../lib/upload-form';
import { ImageCompleteMutation, ImagePresignMutation, ImageStatusQuery } from '../api/newsletters';

/**
 * Uploads an image of the builder's asset manager through the files service (purpose
 * `newsletter_image`: signed form, completeUpload, then the check) and answers the checked image's
 * signed URL for editing, or the reason it failed. Sending or publishing makes it public.
 */
export async function uploadNewsletterImage(client: Client, locationId: string, file: File): Promise<{ url: string } | { error: string }> {
  const signed = await client
    .mutation(ImagePresignMutation, { owner_id: locationId, content_type: uploadType(file), size: file.size, file_name: file.name })
    .toPromise();
  if (signed.error || !signed.data) return { error: signed.error?.graphQLErrors[0]?.message ?? signed.error?.message ?? 'upload' };
  const ticket = signed.data.getPresignedUploadUrl;
  try {
    await postUploadForm(ticket, file, () => undefined);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const done = await client.mutation(ImageCompleteMutation, { upload_id: ticket.upload_id }).toPromise();
  if (done.error) return { error: done.error.graphQLErrors[0]?.message ?? done.error.message };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const r = await client.query(ImageStatusQuery, { upload_id: ticket.upload_id }, { requestPolicy: 'network-only' }).toPromise();
    const s = r.data?.uploadStatus;
    if (!s) return { error: r.error?.message ?? 'upload' };
    if (s.status === 'ready' && s.url) return { url: s.url };
    if (s.status === 'rejected') return { error: s.reason ?? 'rejected' };
    await new Promise((res) => setTimeout(res, 1000));
  }
  return { error: 'timeout' };
}
