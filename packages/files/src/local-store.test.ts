import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey, uploadKey } from './keys.ts';
import { localFileRoutes } from './local-routes.ts';
import { LocalFileStore } from './local-store.ts';
import { fileStoreContract } from './store-contract.ts';
import { postUpload } from './testing.ts';

let root: string;
let app: FastifyInstance;
let store: LocalFileStore;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-local-store-'));
  store = new LocalFileStore({ root, secret: 'test-secret-test-secret-test-secret' });
  app = Fastify();
  // The host's centre: the contract's centre 101 (a header stands in for the Host lookup).
  await app.register(localFileRoutes, { store, centreIdOf: (r) => String(r.headers['x-centre'] ?? '101') });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('local store: the shared contract', () => {
  fileStoreContract(() => ({ store, base }));
});

describe('local store: what S3 enforces and s3rver does not emulate', () => {
  const ticket = () => store.presignUpload(uploadKey('101'), { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });

  it('refuses a body past the signed size, and keeps nothing of it', async () => {
    const t = await ticket();
    const res = await postUpload(t, Buffer.alloc(101, 1), { base });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
    expect(await store.stat(t.fields.key!)).toBeNull();
    const dir = path.dirname(store.pathOf(t.fields.key!));
    expect((await readdir(dir).catch(() => [])).filter((f) => f.includes('.part-'))).toEqual([]);
  });

  it('refuses a form whose key, type or signature differ from the policy', async () => {
    const t = await ticket();
    const variants: Record<string, string>[] = [{ key: uploadKey('101') }, { 'Content-Type': 'text/html' }, { signature: 'forged' }];
    for (const fields of variants) {
      const res = await postUpload(t, Buffer.alloc(10, 1), { base, fields });
      expect(res.status).toBe(403);
    }
    expect(await store.stat(t.fields.key!)).toBeNull();
  });

  it('refuses an empty file and a form without a file', async () => {
    const t = await ticket();
    expect((await postUpload(t, Buffer.alloc(0), { base })).status).toBe(400);
    const form = new FormData();
    for (const [k, v] of Object.entries(t.fields)) form.append(k, v);
    expect((await fetch(new URL(t.url, base), { method: 'POST', body: form })).status).toBe(400);
  });

  it('refuses an expired upload form', async () => {
    const past = new LocalFileStore({ root, secret: 'test-secret-test-secret-test-secret', now: () => Date.now() - 120_000 });
    const t = await past.presignUpload(uploadKey('101'), { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect((await postUpload(t, Buffer.alloc(10, 1), { base })).status).toBe(403);
  });

  it('serves nothing unsigned, tampered or of another centre, and lists nothing', async () => {
    const key = fileKey('101', '00000000-0000-4000-8000-000000000001', 'main');
    await store.write(key, Buffer.from('hello'), 'text/plain');
    const signed = await store.presignDownload(key, {
      fileName: 'a.txt',
      contentType: 'text/plain',
      disposition: 'inline',
      expiresInSeconds: 60,
    });
    expect((await fetch(new URL(signed.url, base))).status).toBe(200);
    expect((await fetch(new URL(`/file-store/o/${key}`, base))).status).toBe(403);
    expect((await fetch(new URL(signed.url.replace('type=text%2Fplain', 'type=text%2Fhtml'), base))).status).toBe(403);
    expect((await fetch(new URL(signed.url, base), { headers: { 'x-centre': '202' } })).status).toBe(403);
    for (const p of [
      '/file-store/',
      '/file-store/o/',
      '/file-store/o/centre/101/',
      '/file-store/o/centre/101/files',
      '/file-store/o/../../etc/passwd',
    ]) {
      expect((await fetch(new URL(p, base))).status).toBe(404);
    }
  });

  it('refuses an upload to another centre’s key on this host', async () => {
    const t = await store.presignUpload(uploadKey('202'), { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect((await postUpload(t, Buffer.alloc(10, 1), { base })).status).toBe(403);
    expect(await store.stat(t.fields.key!)).toBeNull();
  });
});
