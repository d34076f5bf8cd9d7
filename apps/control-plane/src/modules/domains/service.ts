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
import { domainNotFound, domainProtected, domainReserved, domainTaken } from './errors.ts';

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

    /** A custom domain (the centre points its DNS at the platform); it answers as soon as it is added. */
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
          const created = await repo.insertDomain(trx, { center_id: centreId, domain, kind: 'custom', status: 'active' });
          await writeAudit(trx, actor, 'domain.add', 'center', centreId, { domain });
          return created;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw domainTaken();
        throw e;
      }
      await rt.directory.invalidate(centreId);
      return done('Domain added.', { domain: row });
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
