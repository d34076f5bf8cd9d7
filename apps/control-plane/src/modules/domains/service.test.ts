import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow, settleJobs } from '../../provision-now.ts';
import { createDomainService, type DomainService } from './service.ts';
import { advanceDomain, checkServerDomainsJob } from './advance.ts';
import { findDomain } from './repo.ts';
import type { CertificateIssuer, DnsResolver } from './verification.ts';

/** DNS as the test sets it: TXT and CNAME answers by name; anything else is "no such record". */
function fakeDns() {
  const txt = new Map<string, string[][]>();
  const cname = new Map<string, string[]>();
  let servfail = false;
  const missing = () => Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
  const resolver: DnsResolver = {
    async resolveTxt(name) {
      if (servfail) throw Object.assign(new Error('SERVFAIL'), { code: 'ESERVFAIL' });
      const v = txt.get(name);
      if (!v) throw missing();
      return v;
    },
    async resolveCname(name) {
      const v = cname.get(name);
      if (!v) throw missing();
      return v;
    },
  };
  return { resolver, txt, cname, setServfail: (v: boolean) => (servfail = v) };
}

/** Certificates issued at once unless a domain is named to wait or to be refused. */
function fakeIssuer() {
  const waiting = new Set<string>();
  const refused = new Map<string, string>();
  const issuer: CertificateIssuer = {
    async request(domain) {
      if (refused.has(domain)) return { state: 'failed', reason: refused.get(domain)! };
      if (waiting.has(domain)) return { state: 'pending' };
      return { state: 'issued' };
    },
  };
  return { issuer, waiting, refused };
}

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

describe('server domains', () => {
  let h: ControlPlaneHarness;
  let domains: DomainService;
  let oak: { id: string };
  let elm: { id: string };
  const dns = fakeDns();
  const certs = fakeIssuer();
  const row = async (domain: string) => (await h.control.db('server_domains').where({ domain }).first())!;
  /** Points a domain's records at a centre as its add answered them. */
  const setRecords = (records: { type: string; name: string; value: string }[]) => {
    for (const r of records) {
      if (r.type === 'TXT') dns.txt.set(r.name, [[r.value.slice(0, 10), r.value.slice(10)]]); // split strings join
      else dns.cname.set(r.name, [`${r.value}.`]);
    }
  };

  beforeAll(async () => {
    h = await startControlPlane({ dns: dns.resolver, certificates: certs.issuer });
    domains = createDomainService(h.rt);
    oak = await provisionCenterNow(h.deps, centreInput('oak'), h.actors.admin);
    elm = await provisionCenterNow(h.deps, centreInput('elm'), h.actors.admin);
  });
  afterAll(() => h.close());

  it('a custom domain starts pending with the records to set, and answers only once they are verified', async () => {
    expect(await h.directory.resolve('care.oak-school.com')).toBeNull();
    const res = await domains.addServerDomain(h.actors.admin, { center_id: oak.id, domain: 'Care.Oak-School.com.' });
    expect(res).toMatchObject({
      status: true,
      domain: { domain: 'care.oak-school.com', kind: 'custom', status: 'pending', center_id: oak.id },
    });
    const records = await domains.records(res.domain);
    const token = (await row('care.oak-school.com')).verify_token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(records).toEqual([
      { type: 'TXT', name: '_kv-verify.care.oak-school.com', value: `kv-verify=${token}` },
      { type: 'CNAME', name: 'care.oak-school.com', value: 'oak.localhost' },
    ]);
    // The job ran at once: nothing in DNS yet, so it stays pending with the reason, and does not answer.
    await settleJobs(h.rt);
    expect(await row('care.oak-school.com')).toMatchObject({
      status: 'pending',
      status_reason: 'No TXT record _kv-verify.care.oak-school.com yet.',
    });
    expect(await h.directory.resolve('care.oak-school.com')).toBeNull();
    // TXT only: still pending, now for the CNAME.
    setRecords(records.filter((r) => r.type === 'TXT'));
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect((await row('care.oak-school.com')).status_reason).toBe('No CNAME record for care.oak-school.com yet (expected oak.localhost).');
    // A CNAME elsewhere names where it points.
    dns.cname.set('care.oak-school.com', ['elsewhere.example.net.']);
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect((await row('care.oak-school.com')).status_reason).toBe(
      'The CNAME of care.oak-school.com points to elsewhere.example.net, not oak.localhost.',
    );
    // Both in place: pending → verified → issuing → active in one look (the certificate is instant), audited.
    setRecords(records);
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect(await row('care.oak-school.com')).toMatchObject({ status: 'active', status_reason: null });
    expect((await h.directory.resolve('CARE.oak-school.com:443'))?.id).toBe(oak.id);
    const moves = await h.control.db('audit_log').where({ entity_id: oak.id }).whereLike('action', 'domain.%').orderBy('id').pluck('action');
    expect(moves).toEqual(['domain.add', 'domain.verified', 'domain.issuing', 'domain.active']);
    const listed = await domains.getServerDomains(h.actors.kvsupport, { center_id: oak.id });
    expect(listed.map((d) => [d.domain, d.kind, d.status])).toEqual([
      ['oak.localhost', 'subdomain', 'active'],
      ['care.oak-school.com', 'custom', 'active'],
    ]);
  });

  it('a wrong TXT value, a DNS outage and a waiting certificate keep the domain from answering', async () => {
    const res = await domains.addServerDomain(h.actors.admin, { center_id: elm.id, domain: 'www.elm-care.org' });
    const records = await domains.records(res.domain);
    dns.txt.set('_kv-verify.www.elm-care.org', [['kv-verify=someone-else']]);
    dns.cname.set('www.elm-care.org', ['elm.localhost']);
    await settleJobs(h.rt);
    // The add's own check may have run before the records above were set: look once more.
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect((await row('www.elm-care.org')).status_reason).toMatch(/^The TXT record _kv-verify.www.elm-care.org does not hold kv-verify=/);
    dns.setServfail(true);
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect(await row('www.elm-care.org')).toMatchObject({
      status: 'pending',
      status_reason: 'The DNS lookup of _kv-verify.www.elm-care.org failed (ESERVFAIL).',
    });
    dns.setServfail(false);
    setRecords(records);
    certs.waiting.add('www.elm-care.org');
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect(await row('www.elm-care.org')).toMatchObject({ status: 'issuing', status_reason: 'Waiting for the certificate.' });
    expect(await h.directory.resolve('www.elm-care.org')).toBeNull();
    certs.waiting.delete('www.elm-care.org');
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect((await row('www.elm-care.org')).status).toBe('active');
    expect((await h.directory.resolve('www.elm-care.org'))?.id).toBe(elm.id);
  });

  it('fails after 72 hours without records, or when the certificate is refused; a recheck starts again', async () => {
    await domains.addServerDomain(h.actors.admin, { center_id: elm.id, domain: 'late.elm-care.org' });
    await settleJobs(h.rt);
    await h.control.db('server_domains').where({ domain: 'late.elm-care.org' }).update({ verify_until: new Date(Date.now() - 1000) });
    await advanceDomain(h.rt, (await findDomain(h.control.db, String((await row('late.elm-care.org')).id)))!);
    expect(await row('late.elm-care.org')).toMatchObject({
      status: 'failed',
      status_reason: 'No TXT record _kv-verify.late.elm-care.org yet. Not verified within 72 hours.',
    });
    // A failed domain is no longer swept.
    await checkServerDomainsJob(h.rt)({ data: {} });
    expect((await row('late.elm-care.org')).status).toBe('failed');
    // The recheck: admin only, back to pending with a fresh window, checked at once.
    const id = String((await row('late.elm-care.org')).id);
    expect((await rejection(domains.recheckServerDomain(h.actors.kvsupport, { id }))).code).toBe('FORBIDDEN');
    expect(await rejection(domains.recheckServerDomain(h.actors.admin, { id: 'x' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    const records = await domains.records((await findDomain(h.control.db, id))!);
    setRecords(records);
    certs.refused.set('late.elm-care.org', 'CAA forbids our authority');
    const again = await domains.recheckServerDomain(h.actors.admin, { id });
    expect(again.domain).toMatchObject({ status: 'pending', status_reason: null });
    expect((await row('late.elm-care.org')).verify_until.getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    await settleJobs(h.rt);
    expect(await row('late.elm-care.org')).toMatchObject({
      status: 'failed',
      status_reason: 'The certificate was refused: CAA forbids our authority',
    });
    expect(await h.directory.resolve('late.elm-care.org')).toBeNull();
    // Nothing to check on an active domain or a subdomain.
    const active = String((await row('www.elm-care.org')).id);
    expect(await rejection(domains.recheckServerDomain(h.actors.admin, { id: active }))).toEqual({
      code: 'DOMAIN_NOT_RECHECKABLE',
      field: 'id',
    });
  });

  it('refuses malformed, platform, taken and foreign-centre domains, and kvsupport writes', async () => {
    const add = (domain: string, center_id = elm.id) => rejection(domains.addServerDomain(h.actors.admin, { center_id, domain }));
    expect(await add('not a host')).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add('evil.com/path')).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add('user@evil.com')).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add('intranet')).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add('10.0.0.1')).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add(`${'a'.repeat(250)}.com`)).toEqual({ code: 'BAD_USER_INPUT', field: 'domain' });
    expect(await add('sneaky.localhost')).toEqual({ code: 'DOMAIN_RESERVED', field: 'domain' });
    expect(await add('care.oak-school.com')).toEqual({ code: 'DOMAIN_TAKEN', field: 'domain' });
    expect(await add('oak.localhost')).toEqual({ code: 'DOMAIN_RESERVED', field: 'domain' });
    expect(await add('new.example.org', '999999')).toEqual({ code: 'CENTER_NOT_FOUND', field: undefined });
    expect((await rejection(domains.addServerDomain(h.actors.kvsupport, { center_id: elm.id, domain: 'x.example.org' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await rejection(domains.getServerDomains({ viewer: null, ip: null }, { center_id: elm.id }))).code).toBe('UNAUTHENTICATED');
  });

  it('removes custom domains (the host stops resolving) but never the centre subdomain', async () => {
    const [custom, sub] = await Promise.all([
      h.control.db('server_domains').where({ domain: 'care.oak-school.com' }).first('id'),
      h.control.db('server_domains').where({ domain: 'oak.localhost' }).first('id'),
    ]);
    expect((await rejection(domains.removeServerDomain(h.actors.admin, { id: String(sub.id) }))).code).toBe('DOMAIN_PROTECTED');
    expect((await rejection(domains.removeServerDomain(h.actors.kvsupport, { id: String(custom.id) }))).code).toBe('FORBIDDEN');
    await domains.removeServerDomain(h.actors.admin, { id: String(custom.id) });
    expect(await h.directory.resolve('care.oak-school.com')).toBeNull();
    expect((await h.directory.resolve('oak.localhost'))?.id).toBe(oak.id);
    expect((await rejection(domains.removeServerDomain(h.actors.admin, { id: String(custom.id) }))).code).toBe('DOMAIN_NOT_FOUND');
  });

  it('is reachable over GraphQL with the same codes', async () => {
    const res = await h.gql(
      'mutation($c: ID!, $d: String!) { addServerDomain(center_id: $c, domain: $d) { status message color domain { domain kind } } }',
      { c: elm.id, d: 'elm.example.net' },
      { token: h.tokens.admin },
    );
    expect(res.data.addServerDomain).toEqual({
      status: true,
      message: 'Domain added: set the DNS records shown, it answers once they are verified.',
      color: 'success',
      domain: { domain: 'elm.example.net', kind: 'custom' },
    });
    await settleJobs(h.rt);
    const list = await h.gql(
      'query($c: ID!) { getServerDomains(center_id: $c) { domain status status_reason records { type name } } }',
      { c: elm.id },
      { token: h.tokens.kvsupport },
    );
    expect(list.data.getServerDomains.find((d: { domain: string }) => d.domain === 'elm.example.net')).toEqual({
      domain: 'elm.example.net',
      status: 'pending',
      status_reason: 'No TXT record _kv-verify.elm.example.net yet.',
      records: [
        { type: 'TXT', name: '_kv-verify.elm.example.net' },
        { type: 'CNAME', name: 'elm.example.net' },
      ],
    });
    expect(list.data.getServerDomains[0]).toEqual({ domain: 'elm.localhost', status: 'active', status_reason: null, records: [] });
    const bad = await h.gql(
      'mutation($c: ID!, $d: String!) { addServerDomain(center_id: $c, domain: $d) { status } }',
      { c: elm.id, d: 'elm.example.net' },
      { token: h.tokens.admin },
    );
    expect(bad.errors?.[0]?.extensions).toEqual({ code: 'DOMAIN_TAKEN', field: 'domain' });
  });
});
