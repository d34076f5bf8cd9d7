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

/** A 96×64 photo as a phone writes it: HEVC in HEIF (brand `heic`), made with libheif's `heif-enc`. */
export const phoneHeic = (): Buffer =>
  Buffer.from(
    'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUJtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFmAAEAAAAAAAAC8AAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAwmlwcnAAAACkaXBjbwAAAHhodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQArQgEBA3AAAAMAkAAAAwAAAwAeoDCBBZbqSSmubgQEDAgAAAMACAAAAwAIQCIAAQAHRAHBcrAiQAAAABRpc3BlAAAAAAAAAGAAAABAAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAoMAAAL4bWRhdAAAAuwoAa8TgJarfteiGMg/8Sta+XUvTCjWaVAlgAxpPgS3tZED3fEqTlqW71IPKd68gaFmHfDbJX3sb//RdF6A+jxFdDpCGh0ydEgf2pi6f7zCG/rUo8Ic6Tbdp533Fjo36G/lIkB2RuFIfP/hi4VbKsT0spWYGvERIWpWjtEycE8I5CKfnkY7TaZwDJ2llXyBz1LPz54klzMWJHn2wtTg2L+hYLGN0LKin/D+w+wfpPQVff9Vr/wWdxPqfS4zrambV1umQ8Cc7KNIwGgY43ZFbKVy1xEI/tTNAqrSnYV7R2+x8fymy/9R/xsXnkCW2S6Zr8muGjUQxFgGTObiKSsGAPUVRi69MXeZxuxZlJkne93PaCz9uCmEMClRqQdRXUoHO+FMrNfFAusUvJHPnVikthCIYmk9LVAZlMtTG+jvtjyLalD0cp3iOMKYiieiLnJj3Tm4c8pfvtLeQIVswTNRBgk4yByRy6n4/tHRmL/EHFNe1afSYhce3gND4DHUXSAoPgxCxGO630MgrQkIULZVrQxVcG/ozsVx+02GkP4pP6lY60O83+EYL8ZP8r36n3pByu9IMnRePgtJ/vBBoS5Sx8ZxJHmiNh7072cpDTb4/CKtATsMa5i3c1/j0FxArLz02/aRLhctgFqAKZNWaF8ooIvlf3aDHJzmZ49cdPwCc1M0/1pVOQTSvIMtselXICpjoWfeAdyiBVgnF5OCom8IABRaBqYmVQVLk93Hwlb8Do3mN7h4QEP69ZphAUhUFtwhKTzsN5EIDsdDxoZkx6Nec2FABTOnEW0usQsAfEf6dLyMyVqWH9cEJzsKpV+hjl7Dw+7O+wdaJYnOdN+7bq3hRl2n2HBD9CT9gBnX1eAyDbFlnkMkzUNjSpgAYEq27OeirqwJG5N5BFaB5zXZz+uEdYfcBCH+qVTre+qyUGPBuWQoOPq/8HdhuTQu3MBKsjSyqHIYtrTwtR8usKFdwRaMbSPJgihKqy1fis0AYOLg',
    'base64',
  );
