import sharp, { type Metadata } from 'sharp';
import { reject, type CheckedVariant, type CheckResult } from './types.ts';

export interface ImageRules {
  longSide: number;
  thumbSide: number;
  maxPixels: number;
  /** WebP quality of the main variant (default 82). */
  quality?: number;
}

/**
 * Re-encodes an image: auto-rotated from its EXIF orientation, then every metadata block (EXIF with
 * GPS, XMP, IPTC, ICC) is left behind — sharp keeps none unless asked — which also destroys any
 * polyglot payload. The main variant's long side is capped; a thumbnail comes with it. WebP out.
 */
export async function checkImage(
  bytes: Buffer,
  rules: ImageRules,
): Promise<Omit<Extract<CheckResult, { ok: true }>, 'sha256'> | ReturnType<typeof reject>> {
  let meta: Metadata;
  try {
    // The header alone: the pixel cap is checked below with a reason of its own.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return reject('The image cannot be read.');
  }
  if (!meta.width || !meta.height) return reject('The image cannot be read.');
  if (meta.width * meta.height > rules.maxPixels) {
    return reject(`The image is too large (at most ${Math.round(rules.maxPixels / 1e6)} megapixels).`);
  }
  if ((meta.pages ?? 1) > 1) return reject('Animated images are not accepted.');
  const encode = async (side: number, quality: number): Promise<CheckedVariant> => {
    const { data, info } = await sharp(bytes, { limitInputPixels: rules.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { variant: 'main', body: data, contentType: 'image/webp', width: info.width, height: info.height };
  };
  try {
    const main = await encode(rules.longSide, rules.quality ?? 82);
    const thumb = { ...(await encode(rules.thumbSide, 75)), variant: 'thumb' as const };
    return { ok: true, contentType: 'image/webp', width: main.width, height: main.height, duration: null, variants: [main, thumb] };
  } catch {
    return reject('The image cannot be read.');
  }
}
