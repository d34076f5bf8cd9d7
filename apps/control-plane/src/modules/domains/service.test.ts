import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import { createDomainService, type DomainService } from './service.ts';

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

  beforeAll(async () => {
    h = await startControlPlane();
    domains = createDomainService(h.rt);
    oak = await provisionCenterNow(h.deps, centreInput('oak'), h.actors.admin);
    elm = await provisionCenterNow(h.deps, centreInput('elm'), h.actors.admin);
  });
  afterAll(() => h.close());

  it('a custom domain resolves to its centre as soon as it is added, in any spelling', async () => {
    expect(await h.directory.resolve('care.oak-school.com')).toBeNull();
    const res = await domains.addServerDomain(h.actors.admin, { center_id: oak.id, domain: 'Care.Oak-School.com.' });
    expect(res).toMatchObject({
      status: true,
      domain: { domain: 'care.oak-school.com', kind: 'custom', status: 'active', center_id: oak.id },
    });
    expect((await h.directory.resolve('CARE.oak-school.com:443'))?.id).toBe(oak.id);
    const listed = await domains.getServerDomains(h.actors.kvsupport, { center_id: oak.id });
    expect(listed.map((d) => [d.domain, d.kind])).toEqual([
      ['oak.localhost', 'subdomain'],
      ['care.oak-school.com', 'custom'],
    ]);
    expect(await h.control.db('audit_log').where({ action: 'domain.add', entity_id: oak.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
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
      message: 'Domain added.',
      color: 'success',
      domain: { domain: 'elm.example.net', kind: 'custom' },
    });
    const list = await h.gql(
      'query($c: ID!) { getServerDomains(center_id: $c) { domain status cloud_front } }',
      { c: elm.id },
      { token: h.tokens.kvsupport },
    );
    expect(list.data.getServerDomains).toEqual([
      { domain: 'elm.localhost', status: 'active', cloud_front: null },
      { domain: 'elm.example.net', status: 'active', cloud_front: null },
    ]);
    const bad = await h.gql(
      'mutation($c: ID!, $d: String!) { addServerDomain(center_id: $c, domain: $d) { status } }',
      { c: elm.id, d: 'elm.example.net' },
      { token: h.tokens.admin },
    );
    expect(bad.errors?.[0]?.extensions).toEqual({ code: 'DOMAIN_TAKEN', field: 'domain' });
  });
});
