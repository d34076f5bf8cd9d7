import { randomBytes } from 'node:crypto';
import * as dns from 'node:dns/promises';

/**
 * Custom-domain verification (issue 22). A domain added by an admin starts `pending`; the centre
 * sets two records: TXT `_kv-verify.<domain>` = `kv-verify=<token>` (proves control of the
 * domain) and CNAME `<domain>` → `<slug>.<platform>` (sends its traffic here). The
 * `check-server-domains` job looks them up for 72 hours: both present → `verified` → `issuing`
 * (a certificate: ACM in the cloud, nothing to wait for locally) → `active`; the directory answers
 * the domain only then. Past the window → `failed`, with the reason; `recheckServerDomain` starts
 * a new window.
 */
export const DOMAIN_STATUSES = ['pending', 'verified', 'issuing', 'active', 'failed', 'disabled'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** States the job still works on. */
export const VERIFYING_STATUSES: readonly DomainStatus[] = ['pending', 'verified', 'issuing'];

export const VERIFY_WINDOW_MS = 72 * 3600_000;
export const VERIFY_LABEL = '_kv-verify';

/** The lookups the job needs; `node:dns/promises` by default, a fake in tests. */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
}

export const systemResolver: DnsResolver = {
  resolveTxt: (name) => dns.resolveTxt(name),
  resolveCname: (name) => dns.resolveCname(name),
};

/** A TLS certificate for a verified domain: `issued`, still `pending` (look again later), or failed with a reason. */
export interface CertificateIssuer {
  request(domain: string): Promise<{ state: 'issued' } | { state: 'pending' } | { state: 'failed'; reason: string }>;
}

/** Locally the one-port server terminates nothing itself: the certificate is there at once. */
export const localIssuer: CertificateIssuer = { request: async () => ({ state: 'issued' }) };

export const newVerifyToken = () => randomBytes(16).toString('hex');

export interface DnsRecord {
  type: 'TXT' | 'CNAME';
  name: string;
  value: string;
}

/** The records the centre sets at its DNS provider. */
export function recordsFor(domain: string, token: string | null, target: string): DnsRecord[] {
  return [
    { type: 'TXT', name: `${VERIFY_LABEL}.${domain}`, value: `kv-verify=${token ?? ''}` },
    { type: 'CNAME', name: domain, value: target },
  ];
}

const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : 'ERROR');

/** Whether both records are in place; otherwise what is missing or wrong, in words an operator can act on. */
export async function checkRecords(
  resolver: DnsResolver,
  domain: string,
  token: string,
  target: string,
): Promise<{ ok: true } | { ok: false; reason: string; transient: boolean }> {
  const txtName = `${VERIFY_LABEL}.${domain}`;
  const expected = `kv-verify=${token}`;
  let txt: string[][];
  try {
    txt = await resolver.resolveTxt(txtName);
  } catch (e) {
    if (MISSING.has(code(e))) return { ok: false, reason: `No TXT record ${txtName} yet.`, transient: false };
    return { ok: false, reason: `The DNS lookup of ${txtName} failed (${code(e)}).`, transient: true };
  }
  if (!txt.some((chunks) => chunks.join('') === expected))
    return { ok: false, reason: `The TXT record ${txtName} does not hold ${expected}.`, transient: false };
  let cname: string[];
  try {
    cname = await resolver.resolveCname(domain);
  } catch (e) {
    if (MISSING.has(code(e))) return { ok: false, reason: `No CNAME record for ${domain} yet (expected ${target}).`, transient: false };
    return { ok: false, reason: `The DNS lookup of ${domain} failed (${code(e)}).`, transient: true };
  }
  const targets = cname.map((c) => c.toLowerCase().replace(/\.$/, ''));
  if (!targets.includes(target))
    return { ok: false, reason: `The CNAME of ${domain} points to ${targets.join(', ') || 'nothing'}, not ${target}.`, transient: false };
  return { ok: true };
}
