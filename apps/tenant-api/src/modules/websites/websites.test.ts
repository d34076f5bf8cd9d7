import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlPlaneClient, ReportedWebsite } from '@kv/auth';
import { createHarness, type Harness } from '../../test/harness.ts';
import { reportWebsites } from './index.ts';

let h: Harness;
const reports: { centreId: string; sites: ReportedWebsite[] }[] = [];
const controlPlane: ControlPlaneClient = {
  catalogue: async () => {
    throw new Error('not in this test');
  },
  plan: async () => {
    throw new Error('not in this test');
  },
  reportWebsites: async (centreId, sites) => {
    reports.push({ centreId, sites });
    return { stored: sites.length, offline: [] };
  },
  billing: async () => {
    throw new Error('not in this test');
  },
  payInvoice: async () => {
    throw new Error('not in this test');
  },
};

const pages = (title: string) => [
  { path: '', title, body: 'Welcome <b>families</b>.\n\nTours every weekday.' },
  { path: 'about', title: 'About us', body: 'We play outside every day.' },
];

beforeAll(async () => {
  h = await createHarness({ controlPlane });
  const [a, b] = h.centres;
  await a!.db.db('websites').insert([
    { id: randomUUID(), slug: 'sunny', title: 'Sunny & Co', kind: 'website', pages: JSON.stringify(pages('Welcome')) },
    { id: randomUUID(), slug: 'blog', title: 'Sunny Blog', kind: 'blog', pages: JSON.stringify(pages('Latest posts')) },
    { id: randomUUID(), slug: 'draft', title: 'Draft', kind: 'website', pages: JSON.stringify(pages('Soon')), published: false },
  ]);
  await b!.db
    .db('websites')
    .insert({ id: randomUUID(), slug: 'other', title: 'Other centre', kind: 'website', pages: JSON.stringify(pages('Hi')) });
}, 120_000);
afterAll(async () => {
  await h.close();
});

const get = (host: string, url: string) => h.app.inject({ method: 'GET', url, headers: { host } });

describe('centre websites', () => {
  it('serves a published site and its pages on its own centre host, escaped', async () => {
    const [a, b] = h.centres;
    const home = await get(a!.host, '/site/sunny');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<title>Sunny &amp; Co</title>');
    expect(home.body).toContain('Welcome &lt;b&gt;families&lt;/b&gt;.');
    expect(home.body).not.toContain('<b>families</b>');
    expect(home.body).toContain('href="/site/sunny/about"');
    expect((await get(a!.host, '/site/sunny/about')).body).toContain('<h1>About us</h1>');
    // Another centre's host does not serve it; unknown, unpublished and malformed answer 404.
    expect((await get(b!.host, '/site/sunny')).statusCode).toBe(404);
    expect((await get(a!.host, '/site/other')).statusCode).toBe(404);
    expect((await get(a!.host, '/site/draft')).statusCode).toBe(404);
    expect((await get(a!.host, '/site/sunny/nope')).statusCode).toBe(404);
    expect((await get(a!.host, '/site/Bad%20Slug')).statusCode).toBe(404);
  });

  it('answers 404 "offline" for a site the platform holds offline, and serves it again once back', async () => {
    const a = h.centres[0]!;
    a.entry.offline_sites = ['blog'];
    try {
      const off = await get(a.host, '/site/blog');
      expect(off.statusCode).toBe(404);
      expect(off.body).toContain('This site is offline');
      expect((await get(a.host, '/site/blog/about')).statusCode).toBe(404);
      expect((await get(a.host, '/site/sunny')).statusCode).toBe(200);
    } finally {
      a.entry.offline_sites = [];
    }
    expect((await get(a.host, '/site/blog')).statusCode).toBe(200);
  });

  it('reports every site of the reporting centre only, with its page count', async () => {
    const [a, b] = h.centres;
    reports.length = 0;
    await reportWebsites(a!.db.db, a!.entry.id, controlPlane);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.centreId).toBe(a!.entry.id);
    expect(reports[0]!.sites.map((s) => [s.slug, s.kind, s.pages, s.published])).toEqual([
      ['blog', 'blog', 2, true],
      ['draft', 'website', 2, false],
      ['sunny', 'website', 2, true],
    ]);
    expect(reports[0]!.sites[0]!.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await reportWebsites(b!.db.db, b!.entry.id, controlPlane);
    expect(reports[1]!.sites.map((s) => s.slug)).toEqual(['other']);
  });
});
