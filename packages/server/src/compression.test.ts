import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, negotiateEncoding, registerJsonCompression } from './compression.ts';

const rows = (n: number) => ({ data: { students: Array.from({ length: n }, (_, i) => ({ id: String(i), name: `Child ${i}` })) } });

describe('JSON compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerJsonCompression(app);
    app.get('/small', async () => ({ data: { __typename: 'Query' } }));
    app.get('/large', async () => rows(200));
    app.get('/huge', async () => rows(5000));
    app.get('/text', async (_req, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    app.get('/cors', async (_req, reply) => reply.header('vary', 'origin').send(rows(200)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a JSON answer over 1 KB with brotli when the client takes it, with Vary and the compressed length', async () => {
    const res = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(rows(200)).length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(rows(200));
  });

  it('uses gzip for a gzip-only client, and off the event loop for a large answer', async () => {
    const gz = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(rows(200));
    const huge = await app.inject({ url: '/huge', headers: { 'accept-encoding': 'br' } });
    expect(huge.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(huge.rawPayload).toString())).toEqual(rows(5000));
  });

  it('leaves small answers, clients without Accept-Encoding and non-JSON answers as they are', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(rows(200));
    expect((await app.inject({ url: '/text', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('adds accept-encoding to a Vary the route already set', async () => {
    const res = await app.inject({ url: '/cors', headers: { 'accept-encoding': 'br' } });
    expect(res.headers.vary).toBe('origin, accept-encoding');
  });

  it('negotiates by q-value: brotli first on a tie, a refused encoding never', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});
