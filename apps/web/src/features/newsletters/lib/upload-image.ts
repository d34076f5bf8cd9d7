import type { Client } from 'urql';
import { uploadFile } from '../../../lib/upload-file';

/**
 * Uploads an image of the builder's asset manager through the files service (purpose
 * `newsletter_image`) and answers the checked image's signed URL for editing, or the reason it
 * failed. Sending or publishing makes it public.
 */
export async function uploadNewsletterImage(client: Client, locationId: string, file: File): Promise<{ url: string } | { error: string }> {
  const up = await uploadFile(client, 'newsletter_image', locationId, file);
  if ('error' in up) return up;
  return up.url ? { url: up.url } : { error: 'upload' };
}
