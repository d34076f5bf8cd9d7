import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadKeyError, forCentre, LocalFileStore, publicImageKey } from '@kv/files';
import { jpegWithGps } from '@kv/files/testing';
import { cleanNewsletterHtml } from '@kv/messaging';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { seedPlatformNewsletterTemplates } from './demo.ts';

let h: ControlPlaneHarness;
let root = '';
let store: LocalFileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-cp-images-'));
  store = new LocalFileStore({ root, secret: 'template-images-test-secret-of-32-chars' });
  h = await startControlPlane({ files: store });
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const upload = (body: Buffer, type: string | null, token: string | null) =>
  h.app.inject({
    method: 'POST',
    url: '/newsletter-images',
    headers: { ...(type ? { 'content-type': type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
const png = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
const audits = async () => (await h.control.db('audit_log').where({ action: 'newsletter.image_upload' }).count({ n: '*' }))[0]!.n;
const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

describe('platform template images', () => {
  it('admins only: anonymous 401, kvsupport 403, nothing stored or audited', async () => {
    const anon = await upload(await png(), 'image/png', null);
    expect(anon.statusCode).toBe(401);
    const forged = await upload(await png(), 'image/png', 'not-a-token');
    expect(forged.statusCode).toBe(401);
    const kv = await upload(await png(), 'image/png', h.tokens.kvsupport);
    expect(kv.statusCode).toBe(403);
    expect(kv.json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await audits()).toBe('0');
  });

  it('refuses a wrong type, a type its bytes do not match, an empty and an oversized body, naming the field', async () => {
    for (const [body, type, status] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 400],
      [Buffer.from('hello'), 'text/plain', 400],
      [await png(), 'image/jpeg', 400],
      [Buffer.alloc(0), 'image/png', 400],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png', 413],
    ] as const) {
      const r = await upload(body, type, h.tokens.admin);
      expect([r.statusCode, r.json().errors[0].extensions]).toEqual([status, { code: 'BAD_USER_INPUT', field: 'file' }]);
      expect(r.body).not.toMatch(/\.ts:\d|\/work\/|select\s/i);
    }
    expect(await audits()).toBe('0');
  });

  it('round trip: upload → public GET answers WebP without EXIF, content-addressed, audited', async () => {
    const jpeg = await jpegWithGps(2400, 1200);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await upload(jpeg, 'image/jpeg', h.tokens.admin);
    expect(r.statusCode, r.body).toBe(201);
    const { url, name } = r.json() as { url: string; name: string };
    expect(name).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(url).toBe(`http://localhost:3000/n/${name}`);
    expect(await store.stat(`platform/newsletter/${name}`)).toMatchObject({ contentType: 'image/webp' });

    const got = await h.app.inject({ method: 'GET', url: `/n/${name}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const bytes = got.rawPayload;
    expect(isWebp(bytes)).toBe(true);
    const meta = await sharp(bytes).metadata();
    // Turned upright by its EXIF orientation (6: a quarter turn), then the long side capped at 1600.
    expect([meta.format, meta.exif, meta.xmp, meta.icc, meta.orientation, meta.width, meta.height]).toEqual(['webp', undefined, undefined, undefined, undefined, 800, 1600]);

    // The same picture again is the same key; each upload is audited with its operator.
    const again = await upload(jpeg, 'image/jpeg', h.tokens.admin);
    expect(again.json().name).toBe(name);
    const rows = await h.control.db('audit_log').where({ action: 'newsletter.image_upload' }).orderBy('id').select('operator_id', h.control.db.raw("data->>'name' as name"));
    expect(rows).toEqual([
      { operator_id: h.actors.admin.viewer!.id, name },
      { operator_id: h.actors.admin.viewer!.id, name },
    ]);
  });

  it('the public GET reads platform/newsletter/ only: another prefix, name or method answers 404', async () => {
    // A centre's public image with a well-formed name is never served from the platform host.
    const centreName = `${'a'.repeat(64)}.webp`;
    await store.write(publicImageKey('1', centreName), await sharp(await png()).webp().toBuffer(), 'image/webp');
    const centre = await h.app.inject({ method: 'GET', url: `/n/${centreName}` });
    expect(centre.statusCode).toBe(404);
    for (const url of [`/n/${'b'.repeat(64)}.webp`, `/n/${'a'.repeat(64)}.png`, '/n/..%2F..%2Fcentre%2F1%2Fpublic%2Fnewsletter%2Fx.webp', '/n/', '/n/platform%2Fnewsletter']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'] ?? '').not.toContain('image/');
    }
    // …and a centre-bound store refuses every platform key.
    const name = `${'c'.repeat(64)}.webp`;
    await expect(forCentre(store, '1').read(`platform/newsletter/${name}`, 10)).rejects.toBeInstanceOf(BadKeyError);
  });

  it('the demo seed gives the templates with a banner their picture through this path', async () => {
    expect(await seedPlatformNewsletterTemplates(h.control.db, { files: store, platformOrigin: h.rt.config.platformOrigin })).toBe(3);
    const rows = await h.control.db('newsletter_templates').orderBy('id').select('name', 'template', 'image');
    const withImage = rows.filter((r) => r.image);
    expect(withImage.map((r) => r.name)).toEqual(['Monthly update', 'Event invitation']);
    for (const r of withImage) {
      const name = /\/n\/([0-9a-f]{64}\.webp)$/.exec(r.image)![1]!;
      expect(r.template).toContain(`src="http://localhost:3000/n/${name}"`);
      // A centre's copy goes through the same cleaning on save: the absolute platform URL stays.
      expect(cleanNewsletterHtml(r.template)).toContain(`src="http://localhost:3000/n/${name}"`);
      const got = await h.app.inject({ method: 'GET', url: `/n/${name}` });
      expect([got.statusCode, isWebp(got.rawPayload)]).toEqual([200, true]);
    }
    // The catalogue the centres read carries the same absolute URLs.
    const items = await h.control.db('platform_catalogue_items').where({ catalogue: 'newsletter-templates' }).orderBy('position').select('data');
    expect(items.map((i) => (typeof i.data === 'string' ? JSON.parse(i.data) : i.data).image)).toEqual(rows.map((r) => r.image));
  });
});
