import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './disposition.ts';
import { BadKeyError, isStoreKey } from './keys.ts';
import { assertLifetime, FileTooLargeError, ObjectMissingError, type DownloadRules, type FileStore, type UploadRules } from './types.ts';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (s3rver, MinIO…); path-style addressing is used with it. */
  endpoint?: string;
  /** Default: the SDK's chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404);

function checkKey(key: string): void {
  if (!isStoreKey(key)) throw new BadKeyError();
}

/**
 * A private bucket: browsers upload with a pre-signed POST (exact key, exact Content-Type, size
 * range, ≤ 5 min) and read with a pre-signed GET (≤ 5 min, `Content-Disposition` with the original
 * name); the server reads and writes with the SDK.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly origins: string[];
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: Boolean(opts.endpoint),
      credentials: opts.credentials,
    });
    this.origins = [opts.endpoint ? new URL(opts.endpoint).origin : `https://${opts.bucket}.s3.${opts.region}.amazonaws.com`];
  }

  async presignUpload(key: string, rules: UploadRules) {
    checkKey(key);
    assertLifetime(rules.expiresInSeconds);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key, // an exact `{ key }` condition: the form cannot choose another key
      Conditions: [
        ['content-length-range', 1, rules.maxBytes],
        ['eq', '$Content-Type', rules.contentType],
      ],
      Fields: { 'Content-Type': rules.contentType },
      Expires: rules.expiresInSeconds,
    });
    return { url, fields, expiresAt: new Date(Date.now() + rules.expiresInSeconds * 1000) };
  }

  async presignDownload(key: string, rules: DownloadRules) {
    checkKey(key);
    assertLifetime(rules.expiresInSeconds);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: rules.contentType,
      ResponseContentDisposition: contentDisposition(rules.disposition, rules.fileName),
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: rules.expiresInSeconds });
    return { url, expiresAt: new Date(Date.now() + rules.expiresInSeconds * 1000) };
  }

  async stat(key: string) {
    checkKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? null };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async read(key: string, maxBytes: number) {
    checkKey(key);
    let out;
    try {
      out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (isMissing(e)) throw new ObjectMissingError(key);
      throw e;
    }
    const size = Number(out.ContentLength ?? 0);
    if (size > maxBytes) {
      (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
      throw new FileTooLargeError(size, maxBytes);
    }
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async write(key: string, body: Buffer, contentType: string) {
    checkKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async remove(keys: readonly string[]) {
    keys.forEach(checkKey);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  async listCentre(centreId: string) {
    if (!/^\d{1,19}$/.test(centreId)) throw new BadKeyError();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `centre/${centreId}/`, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
}
