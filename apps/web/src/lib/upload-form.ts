/** A signed upload form as the API answers it (getPresignedUploadUrl). */
export interface UploadTicket {
  url: string;
  fields: { name: string; value: string }[];
}

/** An upload the store refused (its S3-style error code: EntityTooLarge, AccessDenied …). */
export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * A file's type as the upload purposes name it: a phone's HEIC/HEIF photo is `image/heic`, also
 * where a desktop browser leaves its type empty (the server checks the bytes again).
 */
export function uploadType(file: { type: string; name: string }): string {
  const type = file.type.toLowerCase();
  if (type === 'image/heic' || type === 'image/heif' || (!type && /\.hei[cf]$/i.test(file.name))) return 'image/heic';
  return type;
}

/**
 * Posts a file to a signed form (S3 or the centre's local store: the same contract): the signed
 * fields first, the file last, with upload progress (0 → 1).
 */
export function postUploadForm(
  ticket: UploadTicket,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of ticket.fields) form.append(f.name, f.value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      const code = /<Code>([^<]+)<\/Code>/.exec(xhr.responseText)?.[1] ?? `HTTP_${xhr.status}`;
      const message = /<Message>([^<]+)<\/Message>/.exec(xhr.responseText)?.[1] ?? xhr.statusText;
      reject(new UploadError(code, message));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK', 'The upload did not reach the server.'));
    xhr.onabort = () => reject(new UploadError('ABORTED', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
