/** A browser upload target: POST `fields` then the file (field `file`, last) as multipart/form-data to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  expiresAt: Date;
}

export interface PresignedDownload {
  url: string;
  expiresAt: Date;
}

export interface UploadRules {
  /** The exact Content-Type the form must send. */
  contentType: string;
  /** Largest accepted body in bytes (the smallest is 1). */
  maxBytes: number;
  /** At most `MAX_URL_SECONDS`. */
  expiresInSeconds: number;
}

export interface DownloadRules {
  /** The name offered to the browser (sanitised into `Content-Disposition`). */
  fileName: string;
  contentType: string;
  /** `inline` for images and video shown in the page, `attachment` for documents. */
  disposition: 'inline' | 'attachment';
  /** At most `MAX_URL_SECONDS`. */
  expiresInSeconds: number;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

/**
 * Where uploaded files live: S3 (`S3_BUCKET`) or a folder served by the app itself (embedded mode).
 * Both answer the same HTTP contract: a signed, expiring POST form for uploads and a signed,
 * expiring GET for reads; nothing is listed or readable without a signature.
 * Callers hold keys made by `keys.ts`; `forCentre()` binds a store to one centre's keys.
 */
export interface FileStore {
  readonly kind: 's3' | 'local';
  /** Origins the browser talks to (for the SPA's CSP), empty when that is the app's own origin. */
  readonly origins: string[];
  presignUpload(key: string, rules: UploadRules): Promise<PresignedUpload>;
  presignDownload(key: string, rules: DownloadRules): Promise<PresignedDownload>;
  /** Size and type of an object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** An object's bytes; refuses (FileTooLargeError) an object larger than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deletes objects; a key that does not exist is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key stored under `centre/<centreId>/` (offboarding, and its proof that nothing is left). */
  listCentre(centreId: string): Promise<string[]>;
}

/** Longest lifetime of any signed URL (ASVS: short-lived; the SDK's default of one hour is too long). */
export const MAX_URL_SECONDS = 300;

export class FileTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`The object has ${size} bytes, more than ${maxBytes}.`);
    this.name = 'FileTooLargeError';
  }
}

export class ObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`No object at ${key}.`);
    this.name = 'ObjectMissingError';
  }
}

export function assertLifetime(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_URL_SECONDS) {
    throw new RangeError(`A signed URL lives 1 to ${MAX_URL_SECONDS} s (asked ${seconds}).`);
  }
}
