import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';

const CREATE = `mutation($n: String!, $e: String!, $c: String!, $p: String, $k: String, $l: Int, $m: String, $w: String) {
  createDemoRequest(name: $n, email: $e, center_name: $c, phone: $p, kind: $k, locations: $l, message: $m, website: $w) { status message } }`;
const LIST = `query($s: String, $q: String) { getDemoRequests(status: $s, search: $q) {
  data { id name email phone center_name kind locations status notes signup_link_sent_at changed_by } paginatorInfo { total } } }`;
const UPDATE = `mutation($id: ID!, $s: String, $n: String) { updateDemoRequest(id: $id, status: $s, notes: $n) {
  status message demo_request { id status notes changed_by } } }`;
const SEND = `mutation($id: ID!) { sendSignupLink(id: $id) { status message demo_request { status signup_link_sent_at } } }`;

const form = (over: Record<string, unknown> = {}) => ({
  n: 'Maria Lopez',
  e: 'Maria@Sunrise-Kids.example',
  c: 'Sunrise Kids',
  p: '+1 (555) 010-2000',
  k: 'childcare',
  l: 2,
  m: 'We have two locations and 14 cameras.',
  ...over,
});

describe('demo requests', () => {
  let h: ControlPlaneHarness;
  beforeAll(async () => {
    h = await startControlPlane();
  });
  afterAll(() => h.close());

  it('a guest asks for a demo; five per address per hour, the sixth is throttled, another address is not', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await h.gql(CREATE, form({ c: `Sunrise Kids ${i}` }), { token: null, ip: '203.0.113.7' });
      expect(r.errors).toBeUndefined();
      expect(r.data.createDemoRequest).toEqual({ status: true, message: 'Thank you! We will contact you shortly to arrange your demo.' });
    }
    const sixth = await h.gql(CREATE, form(), { token: null, ip: '203.0.113.7' });
    expect(sixth.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect((await h.gql(CREATE, form(), { token: null, ip: '203.0.113.8' })).data.createDemoRequest.status).toBe(true);
    const stored = await h.control.db('demo_requests').where({ ip: '203.0.113.7' }).count({ n: '*' });
    expect(stored).toEqual([{ n: '5' }]);
    const row = await h.control.db('demo_requests').where({ ip: '203.0.113.8' }).first();
    expect(row).toMatchObject({ email: 'maria@sunrise-kids.example', status: 'new', locations: 2, kind: 'childcare' });
  });

  it('a filled honeypot gets the same thanks and stores nothing', async () => {
    const before = await h.control.db('demo_requests').count({ n: '*' });
    const r = await h.gql(CREATE, form({ w: 'http://spam.example' }), { token: null, ip: '198.51.100.1' });
    expect(r.data.createDemoRequest.status).toBe(true);
    expect(await h.control.db('demo_requests').count({ n: '*' })).toEqual(before);
  });

  it('names each bad field', async () => {
    const field = async (over: Record<string, unknown>) =>
      (await h.gql(CREATE, form(over), { token: null, ip: '198.51.100.2' })).errors?.[0]?.extensions;
    expect(await field({ n: ' ' })).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    expect(await field({ e: 'not-an-email' })).toEqual({ code: 'BAD_USER_INPUT', field: 'email' });
    expect(await field({ c: '' })).toEqual({ code: 'BAD_USER_INPUT', field: 'center_name' });
    expect(await field({ p: '12' })).toEqual({ code: 'BAD_USER_INPUT', field: 'phone' });
    expect(await field({ k: 'zoo' })).toEqual({ code: 'BAD_USER_INPUT', field: 'kind' });
    expect(await field({ l: 0 })).toEqual({ code: 'BAD_USER_INPUT', field: 'locations' });
    expect(await field({ m: 'x'.repeat(2001) })).toEqual({ code: 'BAD_USER_INPUT', field: 'message' });
  });

  it('admins list, move and annotate requests; kvsupport and guests are refused', async () => {
    expect((await h.gql(LIST, {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.gql(LIST, {}, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const list = await h.gql(LIST, { q: 'sunrise kids 3' }, { token: h.tokens.admin });
    expect(list.data.getDemoRequests.paginatorInfo.total).toBe(1);
    const id = list.data.getDemoRequests.data[0].id;
    expect((await h.gql(UPDATE, { id, s: 'contacted' }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.gql(UPDATE, { id, s: 'converted' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toEqual({
      code: 'DEMO_REQUEST_BAD_TRANSITION',
      field: 'status',
    });
    expect((await h.gql(UPDATE, { id, s: 'won' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'status',
    });
    const moved = await h.gql(UPDATE, { id, s: 'contacted', n: 'Called, demo on Tuesday.' }, { token: h.tokens.admin });
    expect(moved.data.updateDemoRequest.demo_request).toEqual({
      id,
      status: 'contacted',
      notes: 'Called, demo on Tuesday.',
      changed_by: 'Ada Operator (admin-op)',
    });
    const converted = await h.gql(UPDATE, { id, s: 'converted' }, { token: h.tokens.admin });
    expect(converted.data.updateDemoRequest.demo_request.status).toBe('converted');
    expect((await h.gql(UPDATE, { id, s: 'closed' }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe(
      'DEMO_REQUEST_BAD_TRANSITION',
    );
    expect((await h.gql(LIST, { s: 'converted' }, { token: h.tokens.admin })).data.getDemoRequests.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await h.gql(UPDATE, { id: '999999', s: 'closed' }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe(
      'DEMO_REQUEST_NOT_FOUND',
    );
    const audit = await h.control.db('audit_log').where({ action: 'demo_request.update', entity_id: id }).count({ n: '*' });
    expect(audit).toEqual([{ n: '2' }]);
  });

  it('sendSignupLink mails the platform sign-up page and marks the request contacted', async () => {
    const id = (await h.gql(LIST, { q: 'sunrise kids 1' }, { token: h.tokens.admin })).data.getDemoRequests.data[0].id;
    expect((await h.gql(SEND, { id }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const sent = await h.gql(SEND, { id }, { token: h.tokens.admin });
    expect(sent.data.sendSignupLink).toMatchObject({ status: true, message: 'Sign-up link sent to maria@sunrise-kids.example.' });
    expect(sent.data.sendSignupLink.demo_request.status).toBe('contacted');
    expect(sent.data.sendSignupLink.demo_request.signup_link_sent_at).not.toBeNull();
    const mail = await h.control.db('outbound_messages').where({ template: 'demo-signup-link' }).orderBy('id', 'desc').first();
    expect(mail).toMatchObject({ recipient: 'maria@sunrise-kids.example', channel: 'email' });
    expect(mail.body_text).toContain(`http://localhost:3000/customer-signup?ref=demo-${id}`);
    // A closed request gets no link.
    const closedId = (await h.gql(LIST, { q: 'sunrise kids 2' }, { token: h.tokens.admin })).data.getDemoRequests.data[0].id;
    await h.gql(UPDATE, { id: closedId, s: 'closed' }, { token: h.tokens.admin });
    expect((await h.gql(SEND, { id: closedId }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe('DEMO_REQUEST_BAD_TRANSITION');
  });
});
