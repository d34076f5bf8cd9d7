import type { SessionStore } from '../../../lib/session-store';
import { uploadType } from '../../../lib/upload-form';

/** The control plane's template image upload (raw bytes, bearer token of an admin). */
export const TEMPLATE_IMAGE_UPLOAD_URL = '/newsletter-images';

/**
 * Uploads an image of the template builder's asset manager to the platform host: the server checks
 * it (type, ≤ 5 MB), re-encodes it to WebP without metadata and answers its public, absolute URL
 * (`<platform origin>/n/<sha256>.webp`), which keeps working in a centre's copy of the template.
 * Answers the server's reason when it refuses the image, `failed` when it could not be reached.
 */
export async function uploadTemplateImage(session: SessionStore, file: File, failed: string): Promise<{ url: string } | { error: string }> {
  const send = async () => {
    if (session.hasSession() && session.expiresWithin(10_000)) await session.refresh().catch(() => false);
    const token = session.getAccessToken();
    return fetch(TEMPLATE_IMAGE_UPLOAD_URL, {
      method: 'POST',
      headers: { 'content-type': uploadType(file) || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  };
  try {
    let res = await send();
    // An access token that expired meanwhile: one refresh, one retry (as the GraphQL client does).
    if (res.status === 401 && (await session.refresh().catch(() => false))) res = await send();
    const body = (await res.json().catch(() => null)) as { url?: string; errors?: { message?: string }[] } | null;
    if (res.ok && body?.url) return { url: body.url };
    return { error: body?.errors?.[0]?.message ?? failed };
  } catch {
    return { error: failed };
  }
}
