import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { S3FileStore } from './s3-store.ts';
import type { PresignedUpload } from './types.ts';

/** An s3rver on a free loopback port with one bucket, and an S3FileStore (the real SDK) on it. */
export async function startS3rver(bucket = 'kv-files'): Promise<{ store: S3FileStore; endpoint: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kv-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const store = new S3FileStore({
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    store,
    endpoint,
    stop: async () => {
      store.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Posts a file the way a browser form does: the signed fields first, then `file`. */
export async function postUpload(
  ticket: Pick<PresignedUpload, 'url' | 'fields'>,
  body: Uint8Array,
  opts: { base?: string; type?: string; fields?: Record<string, string>; fileName?: string } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...ticket.fields, ...opts.fields })) form.append(k, v);
  form.append(
    'file',
    new Blob([body], { type: opts.type ?? ticket.fields['Content-Type'] ?? 'application/octet-stream' }),
    opts.fileName ?? 'upload',
  );
  return fetch(new URL(ticket.url, opts.base), { method: 'POST', body: form });
}

/** A JPEG carrying EXIF with GPS coordinates and a rotation tag (what a phone writes). */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 220 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'KidsVisionTestPhone', Model: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 700/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A tiny one-page PDF. */
export async function tinyPdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}
