import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { issueDueInvoices } from './repo/invoices.ts';
import { splitDueAgencyParts } from './service/agency-split.ts';

/**
 * The billing run: every hour per centre (so each location's midnight is met within the hour in
 * its own time zone), each active plan gets the invoice of the period containing its location's
 * today. One statement (issueDueInvoices): the unique index on plan and period makes a re-run,
 * a second process or a retried job charge once. In the same transaction each authorised child's
 * plan invoice is split (`splitDueAgencyParts`): the agency's part (rate / co-pay) goes on an agency
 * invoice, the family owes the rest; the (agency, child, period) index keeps a re-run from moving
 * anything twice. The next run is scheduled first through the outbox (one row per hour slot), so
 * the chain survives restarts.
 */
export const BILLING_QUEUE = 'billing';
export const BILLING_RUN_JOB = 'billing-run';
export const RUN_MS = 60 * 60_000;

export async function scheduleBillingRun(db: Knex | Knex.Transaction, centreId: string, at = new Date(Date.now() + RUN_MS)): Promise<void> {
  const slot = Math.floor(at.getTime() / RUN_MS);
  await writeOutbox(db, {
    queue: BILLING_QUEUE,
    name: BILLING_RUN_JOB,
    payload: { centreId },
    dedupeKey: `billing-run:${centreId}:${slot}`,
    availableAt: new Date(slot * RUN_MS),
  });
}

/** Starts a centre's chain (safe on every start-up): the run of the current hour, then hourly. */
export const startBillingRun = (db: Knex, centreId: string) => scheduleBillingRun(db, centreId, new Date());

export interface BillingJobDeps {
  dbFor(centreId: string): Promise<Knex>;
}

/** The daily run itself: due plan invoices issued and the agencies' parts split, in one transaction. */
export async function runDailyBilling(db: Knex, now = new Date(), locations: string[] | null = null) {
  return db.transaction(async (trx) => {
    const invoices = await issueDueInvoices(trx, now, locations);
    const agency_invoices = await splitDueAgencyParts(trx, now, locations);
    return { invoices, agency_invoices };
  });
}

export async function runBillingJob(job: Pick<JobContext, 'data' | 'log'>, deps: BillingJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('billing-run needs a centreId');
  const db = await deps.dbFor(centreId);
  await scheduleBillingRun(db, centreId, new Date(now.getTime() + RUN_MS));
  const r = await runDailyBilling(db, now);
  job.log(`invoices issued ${r.invoices}, agency invoices ${r.agency_invoices}`);
  return r;
}

export function registerBillingJobs(queue: JobQueue, deps: BillingJobDeps): void {
  queue.register(BILLING_QUEUE, BILLING_RUN_JOB, (job) => runBillingJob(job, deps), { concurrency: 1 });
}
