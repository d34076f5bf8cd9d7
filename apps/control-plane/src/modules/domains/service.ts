import { z } from 'zod';
import { normaliseHost } from '@kv/directory';
import { fields, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { isUniqueViolation } from '../../sql.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { centreNotFound, invalidState } from '../centres/errors.ts';
import { domainPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { domainNotFound, domainNotRecheckable, domainProtected, domainReserved, domainTaken } from './errors.ts';
import { newVerifyToken, recordsFor, VERIFY_WINDOW_MS } from './verification.ts';
import { queueDomainCheck } from './advance.ts';

const DOMAIN_MESSAGE = 'domain must be a host name such as care.example.com.';
/** A host name with a dot, not an address: lower-cased, without a port or a trailing dot (`normaliseHost`). */
const domain = z
  .string(DOMAIN_MESSAGE)
  .transform((v) => normaliseHost(v) ?? '')
  .refine((v) => v.includes('.') && !/^[\d.]+$/.test(v), DOMAIN_MESSAGE);
const centreArgs = z.object({ center_id: fields.id('center_id') });
const addArgs = z.object({ center_id: fields.id('center_id'), domain });
const removeArgs = z.object({ id: fields.id('id') });

export function createDomainService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const platform = rt.config.platformDomain;

  return {
    async getServerDomains(actor: Actor, raw: unknown) {
      requireRole(actor, domainPolicy.getServerDomains);
      const { center_id: centreId } = parseArgs(centreArgs, raw);
      if (!(await repo.centreStatus(db, centreId))) throw centreNotFound();
      return repo.listDomains(db, centreId);
    },

    /** The TXT and CNAME records a custom domain needs (none for the platform's own subdomains). */
    async records(row: { kind?: string; domain?: string; center_id?: string; verify_token?: string | null; center_slug?: string | null }) {
      if (row.kind !== 'custom' || !row.domain || !row.center_id) return [];
      const slug = row.center_slug ?? (await repo.centreSlug(db, row.center_id));
      return recordsFor(row.domain, row.verify_token ?? null, `${slug}.${platform}`);
    },

    /**
     * A custom domain starts `pending`: the answer names the TXT and CNAME records to set, and the
     * `check-server-domains` job takes it to active (or failed) within 72 hours.
     */
    async addServerDomain(actor: Actor, raw: unknown) {
      requireRole(actor, domainPolicy.addServerDomain);
      const { center_id: centreId, domain } = parseArgs(addArgs, raw);
      if (domain === platform || domain.endsWith(`.${platform}`)) throw domainReserved();
      let row;
      try {
        row = await db.transaction(async (trx) => {
          const status = await repo.centreStatus(trx, centreId);
          if (!status) throw centreNotFound();
          if (status === 'deleted') throw invalidState(status, 'changed');
          if (await repo.domainExists(trx, domain)) throw domainTaken();
          const created = await repo.insertDomain(trx, {
            center_id: centreId,
            domain,
            kind: 'custom',
            status: 'pending',
            verify_token: newVerifyToken(),
            verify_until: new Date(Date.now() + VERIFY_WINDOW_MS),
          });
          await writeAudit(trx, actor, 'domain.add', 'center', centreId, { domain });
          await queueDomainCheck(trx, created.id);
          return created;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw domainTaken();
        throw e;
      }
      await rt.kickOutbox();
      return done('Domain added: set the DNS records shown, it answers once they are verified.', { domain: row });
    },

    /** Looks at a pending, failed or verifying custom domain again, with a new 72-hour window (admin). */
    async recheckServerDomain(actor: Actor, raw: unknown) {
      requireRole(actor, domainPolicy.recheckServerDomain);
      const { id } = parseArgs(removeArgs, raw);
      const row = await db.transaction(async (trx) => {
        const existing = await repo.findDomain(trx, id);
        if (!existing) throw domainNotFound();
        if (existing.kind !== 'custom' || !['pending', 'failed', 'verified', 'issuing'].includes(existing.status))
          throw domainNotRecheckable(existing.status);
        const until = new Date(Date.now() + VERIFY_WINDOW_MS);
        await repo.moveDomain(trx, id, existing.status, {
          status: existing.status === 'failed' ? 'pending' : existing.status,
          status_reason: null,
          verify_until: until,
        });
        await writeAudit(trx, actor, 'domain.recheck', 'center', existing.center_id, { domain: existing.domain });
        await queueDomainCheck(trx, id);
        return (await repo.findDomain(trx, id))!;
      });
      await rt.kickOutbox();
      return done('Domain check queued.', { domain: row });
    },

    async removeServerDomain(actor: Actor, raw: unknown) {
      requireRole(actor, domainPolicy.removeServerDomain);
      const { id } = parseArgs(removeArgs, raw);
      const row = await db.transaction(async (trx) => {
        const existing = await repo.findDomain(trx, id);
        if (!existing) throw domainNotFound();
        if (existing.kind === 'subdomain') throw domainProtected();
        await repo.deleteDomain(trx, id);
        await writeAudit(trx, actor, 'domain.remove', 'center', existing.center_id, { domain: existing.domain, kind: existing.kind });
        return existing;
      });
      await rt.directory.invalidate(row.center_id);
      return done('Domain removed.', { domain: row });
    },
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
