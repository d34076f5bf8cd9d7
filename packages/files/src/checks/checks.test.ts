import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, phoneHeic, tinyPdf } from '../testing.ts';
import { checkUpload, videoTools, type Accepted, type CheckRules } from './index.ts';

const photo: CheckRules = {
  kind: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 15 * 1024 * 1024,
  image: { longSide: 1600, thumbSide: 320, maxPixels: 40e6 },
};
const pdf: CheckRules = { kind: 'pdf', types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 };
const video: CheckRules = {
  kind: 'video',
  types: ['video/mp4', 'video/quicktime'],
  maxBytes: 50 * 1024 * 1024,
  video: { maxSeconds: 300 },
};

const accepted = (r: Awaited<ReturnType<typeof checkUpload>>): Accepted => {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r;
};

describe('upload checks', () => {
  it('a PDF purpose that also takes images (chat attachments) re-encodes the images and parses the PDFs', async () => {
    const mixed: CheckRules = { ...pdf, types: ['application/pdf', 'image/png'], image: { longSide: 64, thumbSide: 16, maxPixels: 40e6 } };
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const image = accepted(await checkUpload(png, 'image/png', mixed));
    expect(image.contentType).toBe('image/webp');
    expect([image.width, image.height]).toEqual([64, 32]);
    expect(image.variants.map((v) => v.variant).sort()).toEqual(['main', 'thumb']);
    const doc = accepted(await checkUpload(await tinyPdf(), 'application/pdf', mixed));
    expect(doc.contentType).toBe('application/pdf');
    expect((await checkUpload(png, 'image/png', pdf)).ok).toBe(false);
  });

  it('refuses a file whose magic bytes do not match the declared type', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(await checkUpload(png, 'image/jpeg', photo)).toEqual({ ok: false, reason: 'The file’s content does not match its type.' });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await checkUpload(html, 'image/png', photo)).ok).toBe(false);
    expect((await checkUpload(await tinyPdf(), 'image/png', photo)).ok).toBe(false);
    expect(await checkUpload(png, 'image/gif', photo)).toEqual({ ok: false, reason: 'This type of file is not accepted here.' });
  });

  it('stores a phone’s HEIC photo as WebP, decoded without libvips (which has no HEVC)', async () => {
    const heic: CheckRules = { ...photo, types: [...photo.types, 'image/heic'] };
    const r = accepted(await checkUpload(phoneHeic(), 'image/heic', heic));
    expect(r.contentType).toBe('image/webp');
    expect([r.width, r.height]).toEqual([96, 64]);
    const main = await sharp(r.variants[0]!.body).metadata();
    expect([main.format, main.width, main.height]).toEqual(['webp', 96, 64]);
    // Some phones name it image/heif: the same type.
    expect(accepted(await checkUpload(phoneHeic(), 'image/heif', heic)).width).toBe(96);
    // Where the purpose takes no HEIC, it is refused as before.
    expect((await checkUpload(phoneHeic(), 'image/heic', photo)).ok).toBe(false);
    expect(await checkUpload(phoneHeic(), 'image/heic', { ...heic, image: { ...heic.image!, maxPixels: 1000 } })).toEqual({
      ok: false,
      reason: 'The image is too large (at most 0 megapixels).',
    });
    expect(await checkUpload(phoneHeic().subarray(0, 600), 'image/heic', heic)).toEqual({ ok: false, reason: 'The image cannot be read.' });
  });

  it('stores a JPEG with GPS tags with no metadata at all, turned upright', async () => {
    const input = await jpegWithGps(640, 480);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('KidsVisionTestPhone'))).toBe(true);
    expect(before.exif?.includes(Buffer.from('N\0'))).toBe(true);
    const r = accepted(await checkUpload(input, 'image/jpeg', photo));
    expect(r.contentType).toBe('image/webp');
    for (const v of r.variants) {
      const m = await sharp(v.body).metadata();
      expect(m.format).toBe('webp');
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.iptc).toBeUndefined();
      expect(v.body.includes(Buffer.from('KidsVisionTestPhone'))).toBe(false);
    }
    // Orientation 6 (rotate 90°): the landscape pixels come out portrait.
    expect([r.width, r.height]).toEqual([480, 640]);
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps a 12 MP photo’s long side at the purpose’s cap and makes a thumbnail', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
    const r = accepted(await checkUpload(big, 'image/jpeg', photo));
    const main = r.variants.find((v) => v.variant === 'main')!;
    const thumb = r.variants.find((v) => v.variant === 'thumb')!;
    expect(Math.max(main.width!, main.height!)).toBe(1600);
    expect([main.width, main.height]).toEqual([1600, 1200]);
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);
    expect((await sharp(main.body).metadata()).width).toBe(1600);
  });

  it('refuses an image over the pixel cap and an unreadable one', async () => {
    const wide = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    expect(await checkUpload(wide, 'image/png', photo)).toEqual({ ok: false, reason: 'The image is too large (at most 40 megapixels).' });
    const cut = (await jpegWithGps()).subarray(0, 200);
    expect((await checkUpload(cut, 'image/jpeg', photo)).ok).toBe(false);
  });

  it('accepts a PDF that parses and refuses one that does not', async () => {
    const good = await tinyPdf();
    const r = accepted(await checkUpload(good, 'application/pdf', pdf));
    expect(r.variants.map((v) => v.variant)).toEqual(['main']);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400, 0x41)]);
    expect(await checkUpload(broken, 'application/pdf', pdf)).toEqual({ ok: false, reason: 'The PDF cannot be read.' });
  });

  it('refuses a file over the size cap before reading it', async () => {
    expect((await checkUpload(Buffer.alloc(21 * 1024 * 1024), 'application/pdf', pdf)).ok).toBe(false);
  });

  it('probes a video (duration cap, poster frame)', async (ctx) => {
    const tools = await videoTools();
    if (!tools.ffprobe || !tools.ffmpeg) {
      console.log('video check skipped: ffprobe/ffmpeg not installed (apt-get install ffmpeg)');
      ctx.skip();
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'kv-video-test-'));
    try {
      const make = async (seconds: number) => {
        const out = path.join(dir, `clip-${seconds}.mp4`);
        await promisify(execFile)(tools.ffmpeg!, [
          '-v',
          'error',
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=320x240:rate=10:duration=${seconds}`,
          '-pix_fmt',
          'yuv420p',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-y',
          out,
        ]);
        return readFile(out);
      };
      const r = accepted(await checkUpload(await make(2), 'video/mp4', video));
      expect(r.duration).toBeCloseTo(2, 0);
      expect([r.width, r.height]).toEqual([320, 240]);
      expect(r.variants.map((v) => v.variant)).toEqual(['main', 'poster']);
      expect((await sharp(r.variants[1]!.body).metadata()).format).toBe('webp');
      const long = await checkUpload(await make(4), 'video/mp4', { ...video, video: { maxSeconds: 3 } });
      expect(long).toEqual({ ok: false, reason: 'The video is too long (at most 3 seconds).' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
