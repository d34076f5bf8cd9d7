import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlaneError, createControlPlaneClient, createTokenService, inProcessTransport, type ReportedWebsite } from '@kv/auth';
import { SECRET, centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import type { CenterRow } from '../centres/repo.ts';

const FIELDS =
  'id center_id center_name center_slug slug title kind pages published state url reported_at offline_at offline_by offline_reason';
const LIST = `query($page: Int, $first: Int, $c: ID, $kind: String, $state: String, $search: String) {
  getCustomerWebsites(page: $page, first: $first, center_id: $c, kind: $kind, state: $state, search: $search) {
    data { ${FIELDS} } paginatorInfo { total currentPage lastPage perPage } } }`;
const OFFLINE = `mutation($id: ID!, $reason: String) { takeCustomerWebsiteOffline(id: $id, reason: $reason) { status message website { ${FIELDS} } } }`;
const ONLINE = `mutation($id: ID!) { bringCustomerWebsiteOnline(id: $id) { status message website { ${FIELDS} } } }`;

const site = (slug: string, kind: 'website' | 'blog' = 'website', extra: Partial<ReportedWebsite> = {}): ReportedWebsite => ({
  id: randomUUID(),
  slug,
  title: `Site ${slug}`,
  kind,
  pages: 3,
  published: true,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

describe('customer websites (reported over the channel; admin takes one offline)', () => {
  let h: ControlPlaneHarness;
  let oak: CenterRow;
  let elm: CenterRow;
  const channel = () =>
    createControlPlaneClient({ tokens: createTokenService({ secret: SECRET }), transport: inProcessTransport(h.rt.centreChannel) });
  const oakSites = [site('oak'), site('blog', 'blog')];

  beforeAll(async () => {
    h = await startControlPlane();
    oak = await provisionCenterNow(h.deps, centreInput('oak'), h.actors.admin);
    elm = await provisionCenterNow(h.deps, centreInput('elm'), h.actors.admin);
  }, 180_000);
  afterAll(async () => {
    await h.close();
  }, 180_000);

  it("stores a centre's report for that centre only, and a later report replaces it", async () => {
    expect(await channel().reportWebsites(oak.id, oakSites)).toEqual({ stored: 2, offline: [] });
    // 30 sites of elm: the screen pages past 25.
    const elmSites = Array.from({ length: 30 }, (_, i) => site(`elm-${String(i).padStart(2, '0')}`, i % 3 ? 'website' : 'blog'));
    expect((await channel().reportWebsites(elm.id, elmSites)).stored).toBe(30);
    const oakList = await h.gql(LIST, { c: oak.id }, { token: h.tokens.admin });
    expect(oakList.errors).toBeUndefined();
    expect(oakList.data.getCustomerWebsites.data.map((w: { slug: string }) => w.slug).sort()).toEqual(['blog', 'oak']);
    expect(oakList.data.getCustomerWebsites.data[0]).toMatchObject({
      center_slug: 'oak',
      state: 'online',
      url: expect.stringMatching(/^http:\/\/oak\.localhost:3000\/site\//),
    });

    const page1 = await h.gql(LIST, { c: elm.id }, { token: h.tokens.admin });
    expect(page1.data.getCustomerWebsites.paginatorInfo).toMatchObject({ total: 30, perPage: 25, lastPage: 2 });
    expect(page1.data.getCustomerWebsites.data).toHaveLength(25);
    const page2 = await h.gql(LIST, { c: elm.id, page: 2 }, { token: h.tokens.admin });
    expect(page2.data.getCustomerWebsites.data).toHaveLength(5);
    const blogs = await h.gql(LIST, { c: elm.id, kind: 'blog' }, { token: h.tokens.admin });
    expect(blogs.data.getCustomerWebsites.paginatorInfo.total).toBe(10);
    const searched = await h.gql(LIST, { search: 'elm-07' }, { token: h.tokens.admin });
    expect(searched.data.getCustomerWebsites.data.map((w: { slug: string }) => w.slug)).toEqual(['elm-07']);

    // Elm's next report drops all but two: oak's rows are untouched.
    expect((await channel().reportWebsites(elm.id, elmSites.slice(0, 2))).stored).toBe(2);
    expect((await h.gql(LIST, {}, { token: h.tokens.admin })).data.getCustomerWebsites.paginatorInfo.total).toBe(4);
    expect(await h.control.db('customer_websites').where('center_id', oak.id).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('refuses a bad report by field, and a report for a deleted centre', async () => {
    const bad = async (sites: unknown) => {
      try {
        await channel().reportWebsites(oak.id, sites as ReportedWebsite[]);
        return null;
      } catch (e) {
        return e instanceof ControlPlaneError ? { status: e.status, code: e.code, field: e.field } : e;
      }
    };
    expect(await bad([{ ...oakSites[0], slug: 'Not A Slug' }])).toEqual({ status: 400, code: 'BAD_USER_INPUT', field: 'sites.0.slug' });
    expect(await bad([{ ...oakSites[0], kind: 'shop' }])).toEqual({ status: 400, code: 'BAD_USER_INPUT', field: 'sites.0.kind' });
    expect(await bad([{ ...oakSites[0], center_id: elm.id }])).toEqual({ status: 400, code: 'BAD_USER_INPUT', field: 'center_id' });
    expect(await bad([oakSites[0], { ...oakSites[1], slug: oakSites[0]!.slug }])).toMatchObject({ status: 400, field: 'sites' });
    // Nothing of oak changed.
    expect((await h.gql(LIST, { c: oak.id }, { token: h.tokens.admin })).data.getCustomerWebsites.paginatorInfo.total).toBe(2);
  });

  it('takes a site offline and back: audited, the directory entry carries it, and a new report keeps it offline', async () => {
    const list = (await h.gql(LIST, { c: oak.id, kind: 'blog' }, { token: h.tokens.admin })).data.getCustomerWebsites.data;
    const blog = list[0];
    const off = await h.gql(OFFLINE, { id: blog.id, reason: 'Ticket #88: copyright complaint' }, { token: h.tokens.admin });
    expect(off.errors).toBeUndefined();
    expect(off.data.takeCustomerWebsiteOffline.website).toMatchObject({
      state: 'offline',
      offline_by: 'Ada Operator (admin-op)',
      offline_reason: 'Ticket #88: copyright complaint',
    });
    expect((await h.directory.resolve('oak.localhost'))?.offline_sites).toEqual(['blog']);
    expect((await h.directory.resolve('elm.localhost'))?.offline_sites).toEqual([]);
    expect(
      (await h.gql(LIST, { state: 'offline' }, { token: h.tokens.admin })).data.getCustomerWebsites.data.map((w: { id: string }) => w.id),
    ).toEqual([blog.id]);
    // The centre's report answers the offline slugs and does not bring the site back.
    expect(await channel().reportWebsites(oak.id, oakSites)).toEqual({ stored: 2, offline: ['blog'] });
    expect((await h.gql(OFFLINE, { id: blog.id }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'CUSTOMER_WEBSITE_ALREADY_OFFLINE',
      field: 'id',
    });

    const on = await h.gql(ONLINE, { id: blog.id }, { token: h.tokens.admin });
    expect(on.data.bringCustomerWebsiteOnline.website).toMatchObject({ state: 'online', offline_at: null, offline_by: null });
    expect((await h.directory.resolve('oak.localhost'))?.offline_sites).toEqual([]);
    const audit = await h.control
      .db('audit_log')
      .where({ entity: 'customer_website', entity_id: blog.id })
      .orderBy('id')
      .select('action', 'actor_label', 'data');
    expect(audit.map((a) => a.action)).toEqual(['customer_website.offline', 'customer_website.online']);
    expect(audit[0]).toMatchObject({
      actor_label: 'Ada Operator (admin-op)',
      data: { center_id: oak.id, slug: 'blog', reason: 'Ticket #88: copyright complaint' },
    });
  });

  it('a report that drops an offline site announces the centre again', async () => {
    const [blog] = (await h.gql(LIST, { c: oak.id, kind: 'blog' }, { token: h.tokens.admin })).data.getCustomerWebsites.data;
    await h.gql(OFFLINE, { id: blog.id }, { token: h.tokens.admin });
    expect((await h.directory.resolve('oak.localhost'))?.offline_sites).toEqual(['blog']);
    expect(await channel().reportWebsites(oak.id, [oakSites[0]!])).toEqual({ stored: 1, offline: [] });
    expect((await h.directory.resolve('oak.localhost'))?.offline_sites).toEqual([]);
    await channel().reportWebsites(oak.id, oakSites);
  });

  it('is for admins only, and names bad input by field', async () => {
    const [any] = (await h.gql(LIST, { c: oak.id }, { token: h.tokens.admin })).data.getCustomerWebsites.data;
    for (const [q, v] of [
      [LIST, {}],
      [OFFLINE, { id: any.id }],
      [ONLINE, { id: any.id }],
    ] as const) {
      expect((await h.gql(q, v, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await h.gql(q, v, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await h.gql(LIST, { c: 'nope' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'center_id',
    });
    expect((await h.gql(LIST, { kind: 'shop' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'kind',
    });
    expect((await h.gql(LIST, { state: 'gone' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'state',
    });
    expect((await h.gql(OFFLINE, { id: '999999' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'CUSTOMER_WEBSITE_NOT_FOUND',
      field: 'id',
    });
    expect(
      (await h.gql(OFFLINE, { id: any.id, reason: 'x'.repeat(501) }, { token: h.tokens.admin })).errors?.[0]?.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    expect(await h.control.db('audit_log').where({ entity: 'customer_website', entity_id: any.id }).count({ n: '*' })).toEqual([
      { n: '0' },
    ]);
  });
});
