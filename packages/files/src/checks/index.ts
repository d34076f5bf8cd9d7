import { createHash } from 'node:crypto';
import { checkImage } from './image.ts';
import { checkPdf } from './pdf.ts';
import { normaliseType, sniffType } from './sniff.ts';
import { reject, type CheckResult, type CheckRules } from './types.ts';
import { checkVideo } from './video.ts';

export type { Accepted, CheckedVariant, CheckResult, CheckRules, Rejected, UploadKind } from './types.ts';
export { normaliseType, sniffType } from './sniff.ts';
export { videoTools } from './video.ts';

const OFFICE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/**
 * The check every upload goes through before anyone may read it: size, magic bytes against the
 * declared type, then per kind — images re-encoded (sharp), videos probed (ffprobe) with a poster,
 * PDFs parsed. Answers the variants to store, or the reason it was refused.
 */
export async function checkUpload(bytes: Buffer, declaredType: string, rules: CheckRules): Promise<CheckResult> {
  if (bytes.length < 1) return reject('The file is empty.');
  if (bytes.length > rules.maxBytes) return reject(`The file is too large (at most ${Math.round(rules.maxBytes / 1024 / 1024)} MB).`);
  const declared = normaliseType(declaredType);
  if (!rules.types.includes(declared)) return reject('This type of file is not accepted here.');
  const actual = await sniffType(bytes);
  if (actual !== declared) return reject('The file’s content does not match its type.');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const original = { variant: 'main' as const, body: bytes, contentType: declared };

  // A purpose of PDFs that also takes images (chat attachments) re-encodes the images as photos.
  if (rules.kind === 'image' || (rules.image && declared.startsWith('image/'))) {
    if (!rules.image) throw new Error('Image rules missing');
    const r = await checkImage(bytes, rules.image, declared);
    return r.ok ? { ...r, sha256 } : r;
  }
  if (rules.kind === 'video') {
    if (!rules.video) throw new Error('Video rules missing');
    const r = await checkVideo(bytes, { maxSeconds: rules.video.maxSeconds, posterSide: 640 });
    if ('ok' in r) return r;
    return {
      ok: true,
      contentType: declared,
      width: r.width,
      height: r.height,
      duration: r.duration,
      sha256,
      variants: [{ ...original, width: r.width, height: r.height }, ...(r.poster ? [r.poster] : [])],
    };
  }
  // Office documents (centre files): the magic bytes (file-type reads the zip's parts) matched the
  // declared DOCX/XLSX type; stored as they came, served only as attachments.
  if (OFFICE_TYPES.has(declared)) {
    return { ok: true, contentType: declared, width: null, height: null, duration: null, sha256, variants: [{ ...original, width: null, height: null }] };
  }
  const r = await checkPdf(bytes, rules.pdf?.maxPages);
  if ('ok' in r) return r;
  return {
    ok: true,
    contentType: declared,
    width: null,
    height: null,
    duration: null,
    sha256,
    variants: [{ ...original, width: null, height: null }],
  };
}
