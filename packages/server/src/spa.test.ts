import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa, robotsTxt } from './spa.ts';

const ENTRY = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const HTML = '<!doctype html><html><head><title>KidsVision</title></head><body><div id="root"></div></body></html>';

describe('SPA serving', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kv-spa-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (file: string, body: string, compressed = true) => {
      writeFileSync(path.join(dist, file), body);
      if (!compressed) return;
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    };
    write('index.html', HTML);
    write('assets/entry-abc123.js', ENTRY);
    write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
    app = Fastify();
    await registerSpa(app, dist, { indexable: ['/', '/login'] });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy built beside a file to a client that takes brotli, with Vary and the file’s type', async () => {
    const res = await app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY);
  });

  it('sends the gzip copy to a gzip-only client, and the file itself to one that takes neither', async () => {
    const gz = await app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY);
    const plain = await app.inject({ url: '/assets/entry-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(ENTRY);
  });

  it('falls back to the file itself when the build left no compressed copy', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers history-mode routes with index.html (compressed too) and keeps the copies off their own URLs', async () => {
    const page = await app.inject({ url: '/students?page=2', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(HTML);
    expect((await app.inject({ url: '/assets/entry-abc123.js.br' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/students' })).statusCode).toBe(404);
  });

  it('answers /robots.txt with the host’s rules, not the SPA', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('User-agent: *\nAllow: /$\nAllow: /login$\nDisallow: /\n');
  });

  it('disallows the whole host when nothing is indexable', () => {
    expect(robotsTxt([])).toBe('User-agent: *\nDisallow: /\n');
  });
});
