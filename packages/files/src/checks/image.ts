/// <reference path="../heic-decode.d.ts" />
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { reject, type CheckedVariant, type CheckResult } from './types.ts';

/** Types the prebuilt libvips cannot decode (it has no HEVC): decoded to pixels first, in JS (libheif). */
export const HEIC_TYPES = ['image/heic'];

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A phone's HEIC photo as RGBA pixels, the HEIF transforms (rotation, mirror) already applied by
 * libheif; null when it holds no image. Over the pixel cap, the size alone is answered (not decoded).
 */
async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<Pixels | { width: number; height: number } | null> {
  const { default: decode } = (await import('heic-decode')) as unknown as {
    default: {
      all(input: { buffer: Uint8Array }): Promise<{ width: number; height: number; decode(): Promise<{ data: Uint8ClampedArray }> }[]>;
    };
  };
  const images = await decode.all({ buffer: bytes });
  const first = images[0];
  if (!first) return null;
  if (first.width * first.height > maxPixels) return { width: first.width, height: first.height };
  const { data } = await first.decode();
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width: first.width, height: first.height };
}

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
  type?: string,
): Promise<Omit<Extract<CheckResult, { ok: true }>, 'sha256'> | ReturnType<typeof reject>> {
  let meta: Pick<Metadata, 'width' | 'height' | 'pages'>;
  let pixels: Pixels | null = null;
  try {
    if (type && HEIC_TYPES.includes(type)) {
      const decoded = await decodeHeic(bytes, rules.maxPixels);
      if (!decoded) return reject('The image cannot be read.');
      if ('data' in decoded) pixels = decoded;
      meta = { width: decoded.width, height: decoded.height, pages: 1 };
    } else {
      // The header alone: the pixel cap is checked below with a reason of its own.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    }
  } catch {
    return reject('The image cannot be read.');
  }
  if (!meta.width || !meta.height) return reject('The image cannot be read.');
  if (meta.width * meta.height > rules.maxPixels) {
    return reject(`The image is too large (at most ${Math.round(rules.maxPixels / 1e6)} megapixels).`);
  }
  if ((meta.pages ?? 1) > 1) return reject('Animated images are not accepted.');
  const source = (): Sharp => {
    const options: SharpOptions = { limitInputPixels: rules.maxPixels, failOn: 'error' };
    // Decoded HEIC pixels are already upright; anything else turns by its EXIF orientation.
    return pixels
      ? sharp(pixels.data, { ...options, raw: { width: pixels.width, height: pixels.height, channels: 4 } })
      : sharp(bytes, options).rotate();
  };
  const encode = async (side: number, quality: number): Promise<CheckedVariant> => {
    const { data, info } = await source()
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
