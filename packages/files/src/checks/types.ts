import type { Variant } from '../keys.ts';

export type UploadKind = 'image' | 'video' | 'pdf';

/** What a purpose accepts (the purposes table of the tenant API fills it). */
export interface CheckRules {
  kind: UploadKind;
  /** Declared Content-Types accepted; the file's magic bytes must name the same type. */
  types: readonly string[];
  maxBytes: number;
  /**
   * Images: longest side kept, thumbnail's longest side, largest input in pixels; WebP quality of
   * the main variant (default 82; the thumbnail is encoded at 75).
   */
  image?: { longSide: number; thumbSide: number; maxPixels: number; quality?: number };
  /** Videos: longest duration in seconds. */
  video?: { maxSeconds: number };
  /** PDFs: most pages accepted (printed forms). */
  pdf?: { maxPages: number };
}

export interface CheckedVariant {
  variant: Variant;
  body: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
}

export interface Accepted {
  ok: true;
  /** The type the stored `main` variant is served with. */
  contentType: string;
  width: number | null;
  height: number | null;
  /** Seconds (videos). */
  duration: number | null;
  /** Of the bytes received. */
  sha256: string;
  variants: CheckedVariant[];
}

export interface Rejected {
  ok: false;
  reason: string;
}

export type CheckResult = Accepted | Rejected;

export const reject = (reason: string): Rejected => ({ ok: false, reason });
