import Fastify from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuthState } from '@kv/server';
import { googleReturnRoutes } from './routes.ts';

const KEY = 'test-google-state-key-0123456789abcdef';
const app = Fastify();
/** The control database's `centers`, as the route reads it: active centre 7 and a suspended 8. */
const centres: Record<string, { url: string; status: string }> = {
  '7': { url: 'https://sunny.example.test', status: 'active' },
  '8': { url: 'https://gone.example.test', status: 'suspended' },
};
const controlDb = ((table: string) => {
  expect(table).toBe('centers');
  return {
    where: (w: { id: string; status: string }) => ({
      first: async () => (centres[w.id]?.status === w.status ? { url: centres[w.id]!.url } : undefined),
    }),
  };
}) as unknown as Knex;
const state = (c: string, over: Partial<{ e: number }> = {}, key = KEY) =>
  signOAuthState({ c, u: '3', k: '5', n: 'nonce', e: Math.floor(Date.now() / 1000) + 600, ...over }, key);
const ask = (q: Record<string, string>) => app.inject({ method: 'GET', url: `/internal/google/return?${new URLSearchParams(q)}` });

beforeAll(async () => {
  await googleReturnRoutes(app, { controlDb, stateKey: KEY });
});
afterAll(() => app.close());

describe('/oauth2callback on the platform host: where Google’s answer goes', () => {
  it('sends a valid state to /googleInt on the centre’s own origin from the directory, with the code', async () => {
    const s = state('7');
    const r = await ask({ state: s, code: 'abc', redirect: 'https://evil.example' });
    expect(r.statusCode).toBe(200);
    const url = new URL(r.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://sunny.example.test/googleInt');
    expect(url.searchParams.get('code')).toBe('abc');
    expect(url.searchParams.get('state')).toBe(s);
    const denied = new URL((await ask({ state: s, error: 'access_denied' })).json().url);
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a tampered, expired, foreign-key or inactive centre’s state (no redirect anywhere)', async () => {
    const s = state('7');
    const [payload, sig] = s.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), c: '8' })).toString(
      'base64url',
    );
    for (const bad of [
      `${other}.${sig}`,
      state('7', { e: 1 }),
      state('7', {}, 'another-key-0123456789abcdef-0123456789'),
      state('8'),
      '',
      'x.y',
    ]) {
      const r = await ask({ state: bad, code: 'abc' });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('GOOGLE_STATE_INVALID');
    }
  });
});
