import type { Knex } from 'knex';
import { writeOutbox } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../../access.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { writeAudit } from '../audit/repo.ts';
import * as repo from './repo.ts';
import { checkRecords, type DomainStatus } from './verification.ts';

/** The sweep looks at every domain still verifying this often (and once right after each add or recheck). */
export const DOMAIN_CHECK_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

/** Queues the next sweep (one per 10-minute slot, however many processes ask). */
export async function scheduleDomainSweep(db: Knex | Knex.Transaction, at = new Date(Date.now() + DOMAIN_CHECK_EVERY_MS)) {
  const slot = Math.floor(at.getTime() / DOMAIN_CHECK_EVERY_MS);
  await writeOutbox(db, {
    queue: CONTROL_QUEUE,
    name: JOBS.checkServerDomains,
    payload: { centreId: null },
    dedupeKey: `domains-sweep:${slot}`,
    availableAt: new Date(slot * DOMAIN_CHECK_EVERY_MS),
  });
}

/** Queues a check of one domain now (after an add or a recheck), in the caller's transaction. */
export async function queueDomainCheck(trx: Knex.Transaction, domainId: string) {
  await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.checkServerDomains, payload: { centreId: null, domain_id: domainId } });
}

/**
 * One look at a verifying domain, moving it as far as it can go: pending → verified (both DNS
 * records in place) → issuing → active (certificate issued), or failed once its 72-hour window has
 * passed. Each move is audited; the directory forgets the centre when the domain starts answering.
 */
export async function advanceDomain(rt: ControlPlaneRuntime, row: repo.ServerDomainRow): Promise<DomainStatus> {
  const db = rt.controlDb;
  const expired = row.verify_until !== null && row.verify_until.getTime() <= Date.now();
  const move = async (from: DomainStatus, to: DomainStatus, reason: string | null) => {
    const moved = await db.transaction(async (trx) => {
      if (!(await repo.moveDomain(trx, row.id, from, { status: to, status_reason: reason }))) return false;
      await writeAudit(trx, SYSTEM_ACTOR, `domain.${to}`, 'center', row.center_id, { domain: row.domain, reason });
      return true;
    });
    return moved ? to : null;
  };
  let status = row.status;

  if (status === 'pending') {
    const slug = await repo.centreSlug(db, row.center_id);
    if (!slug) return status;
    const target = `${slug}.${rt.config.platformDomain}`;
    const result = await checkRecords(rt.dns, row.domain, row.verify_token ?? '', target);
    if (!result.ok) {
      if (expired) return (await move('pending', 'failed', `${result.reason} Not verified within 72 hours.`)) ?? status;
      await repo.moveDomain(db, row.id, 'pending', { status_reason: result.reason });
      return status;
    }
    status = (await move('pending', 'verified', null)) ?? status;
  }
  if (status === 'verified') status = (await move('verified', 'issuing', null)) ?? status;
  if (status === 'issuing') {
    const cert = await rt.certificates.request(row.domain);
    if (cert.state === 'issued') {
      status = (await move('issuing', 'active', null)) ?? status;
      if (status === 'active') await rt.directory.invalidate(row.center_id);
    } else if (cert.state === 'failed') {
      status = (await move('issuing', 'failed', `The certificate was refused: ${cert.reason}`)) ?? status;
    } else if (expired) {
      status = (await move('issuing', 'failed', 'The certificate was not issued within 72 hours.')) ?? status;
    } else {
      await repo.moveDomain(db, row.id, 'issuing', { status_reason: 'Waiting for the certificate.' });
    }
  }
  return status;
}

/** `control-plane/check-server-domains` `{ centreId: null, domain_id? }`: one domain, or the sweep of all. */
export function checkServerDomainsJob(rt: ControlPlaneRuntime) {
  return async (job: { data: Record<string, unknown> }) => {
    const id = job.data.domain_id;
    if (typeof id === 'string') {
      const row = await repo.findDomain(rt.controlDb, id);
      return { [id]: row ? await advanceDomain(rt, row) : 'gone' };
    }
    const moved: Record<string, string> = {};
    for (const row of await repo.verifyingDomains(rt.controlDb, SWEEP_BATCH)) {
      try {
        const to = await advanceDomain(rt, row);
        if (to !== row.status) moved[row.domain] = to;
      } catch (err) {
        rt.log.warn({ err, domain: row.domain }, 'domain check failed');
      }
    }
    await scheduleDomainSweep(rt.controlDb);
    await rt.kickOutbox();
    return moved;
  };
}
