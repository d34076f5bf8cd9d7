import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { addDays, formatMoney, localParts } from '@kv/shared';
import { notifyUsers } from '../../notifications/index.ts';
import * as repo from '../repo/stripe.ts';
import { centreStripe, isConnectionError, type StripeSettings } from './client.ts';
import { applyOutcome, callStripe, chargeShare, openShare } from '../service/stripe-charge.ts';
import { reconcilePendingRefunds } from '../service/stripe-refund.ts';

/**
 * Autopay that never fails silently (issue 19), hourly per centre through the outbox:
 * - each payer with autopay on is charged their open share of an invoice on its due date (invoices
 *   due from the day autopay was turned on: never older ones without asking)
 *   (attempt 0, off-session, the default card); a failure is retried on days 1, 3 and 5 after
 *   (attempts 1-3), each failure alerting the payer (email, SMS, push) and the location's
 *   managers; a card that needs the payer's authentication goes to /user/students/billing2;
 * - a card expiring within 30 days warns its owner and the managers, once per card and expiry;
 * - reconciliation: charges still pending after 10 minutes (an outage, a lost response) are
 *   asked of Stripe again with their own idempotency key, so nothing is charged twice; card
 *   refunds still pending likewise, so nothing is refunded twice.
 * Every step is idempotent (unique attempt per payer, invoice and number; one warning per card
 * and expiry), so a re-run or a second process does nothing more.
 */
export const STRIPE_QUEUE = 'billing';
export const AUTOPAY_JOB = 'billing-autopay';
export const RETRY_DAYS = [1, 3, 5] as const;
const RUN_MS = 60 * 60_000;

export async function scheduleAutopay(db: Knex | Knex.Transaction, centreId: string, at = new Date(Date.now() + RUN_MS)): Promise<void> {
  const slot = Math.floor(at.getTime() / RUN_MS);
  await writeOutbox(db, {
    queue: STRIPE_QUEUE,
    name: AUTOPAY_JOB,
    payload: { centreId },
    dedupeKey: `billing-autopay:${centreId}:${slot}`,
    availableAt: new Date(slot * RUN_MS),
  });
}

export const startAutopay = (db: Knex, centreId: string) => scheduleAutopay(db, centreId, new Date());

export interface AutopayDeps {
  dbFor(centreId: string): Promise<Knex>;
  /** The API's configuration (Stripe mode and key); the worker passes the same as the API. */
  config?: StripeSettings;
}

const BILLING2 = '/user/students/billing2';

async function alert(
  db: Knex,
  centreId: string,
  input: { key: string; payer: string; locationId: string; studentId?: string | null; title: string; body: string; managerBody: string; link?: string },
) {
  const managers = input.locationId ? await repo.managersOf(db, [input.locationId]) : [];
  await db.transaction(async (trx) => {
    await notifyUsers(trx, {
      centre_id: centreId,
      event_key: `${input.key}:payer`,
      user_ids: [input.payer],
      kind: 'alert',
      title: input.title,
      body: input.body,
      link: input.link ?? '/user/students/billing',
      student_id: input.studentId ?? null,
      location_id: input.locationId || null,
      instant: true,
      channels: ['email', 'sms', 'push'],
    });
    if (managers.length)
      await notifyUsers(trx, {
        centre_id: centreId,
        event_key: `${input.key}:staff`,
        user_ids: managers,
        kind: 'alert',
        title: input.title,
        body: input.managerBody,
        link: input.studentId ? `/billing/student/${input.studentId}` : '/billing',
        student_id: input.studentId ?? null,
        location_id: input.locationId,
        instant: true,
        channels: ['email', 'push'],
      });
  });
}

interface Due {
  invoice_id: string;
  student_id: string;
  student_name: string;
  location_id: string;
  due_date: string;
  timezone: string;
  user_id: string;
  payer_name: string;
  payment_method: string;
  last_attempt: number | null;
  last_status: string | null;
  last_at: string | null;
}

/** Open invoices due by today whose payers have autopay on, with their latest autopay attempt (one statement). */
async function dueShares(db: Knex): Promise<Due[]> {
  const { rows } = await db.raw(`
    select i.id as invoice_id, i.student_id, trim(concat_ws(' ', s.fname, s.lname)) as student_name, i.location_id,
           to_char(i.due_date, 'YYYY-MM-DD') as due_date, l.timezone, su.user_id,
           trim(concat_ws(' ', u.fname, u.lname)) as payer_name, c.default_payment_method as payment_method,
           a.attempt as last_attempt, a.status as last_status, to_char(a.created_at, 'YYYY-MM-DD') as last_at
      from invoices i
      join students s on s.id = i.student_id and s.deleted_at is null
      join locations l on l.id = i.location_id and l.billing
      join student_users su on su.student_id = i.student_id and su.is_payer and not su.black_list
      join users u on u.id = su.user_id and u.deleted_at is null
      join stripe_customers c on c.user_id = su.user_id and c.autopay and c.default_payment_method is not null
      left join lateral (select x.attempt, x.status, x.created_at from stripe_charges x
                          where x.invoice_id = i.id and x.user_id = su.user_id and x.kind = 'autopay'
                          order by x.attempt desc limit 1) a on true
     where i.status = 'open'
       and i.due_date >= coalesce(c.autopay_since, '-infinity'::date)
       and i.due_date <= (now() at time zone l.timezone)::date
       and i.due_date >= (now() at time zone l.timezone)::date - 30
       and (select coalesce(sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id) > 0
     order by i.due_date, i.id, su.user_id`);
  return rows;
}

/** The attempt due today for a payer's share, or null (the schedule: due date, then days 1, 3, 5 after a failure). */
export function attemptDue(d: Pick<Due, 'due_date' | 'last_attempt' | 'last_status'>, today: string): number | null {
  if (d.last_attempt === null) return today >= d.due_date ? 0 : null;
  if (d.last_status !== 'failed') return null;
  const next = d.last_attempt + 1;
  if (next > RETRY_DAYS.length) return null;
  return today >= addDays(d.due_date, RETRY_DAYS[next - 1]!) ? next : null;
}

export async function runAutopay(db: Knex, centreId: string, config: StripeSettings, now = new Date()) {
  const done = { charged: 0, failed: 0, action: 0, warned: 0, reconciled: 0 };
  const cs = await centreStripe(config, db);
  if (!cs) return done;
  // 1. Reconciliation: pending charges whose outcome we never heard.
  const stuck = await db('stripe_charges')
    .where({ status: 'pending' })
    .where('updated_at', '<', new Date(now.getTime() - 10 * 60_000))
    .limit(200);
  for (const c of stuck as repo.ChargeRow[]) {
    const customer = await db('stripe_customers').where({ user_id: c.user_id }).first('customer_id');
    if (!customer) continue;
    await callStripe(config, db, cs.stripe, c, customer.customer_id).catch(() => undefined);
    done.reconciled++;
  }
  // ... and card refunds whose answer never came (sent again with their own key).
  done.reconciled += await reconcilePendingRefunds(db, cs.stripe, now);
  // 2. Autopay.
  for (const d of await dueShares(db)) {
    const today = localParts(now, d.timezone).date;
    const attempt = attemptDue(d, today);
    if (attempt === null) continue;
    const { open } = await openShare(db, d.invoice_id, d.user_id);
    if (open <= 0) continue;
    let r;
    try {
      r = await chargeShare(config, db, { invoiceId: d.invoice_id, userId: d.user_id, paymentMethod: d.payment_method, kind: 'autopay', attempt, by: null });
    } catch (e) {
      if (isConnectionError(e)) break;
      continue; // in flight or paid meanwhile
    }
    const amount = formatMoney(Number(r.charge.amount) / 100);
    if (r.charge.status === 'succeeded') done.charged++;
    else if (r.charge.status === 'requires_action') {
      done.action++;
      await alert(db, centreId, {
        key: `autopay:${r.charge.id}:action`,
        payer: d.user_id,
        locationId: d.location_id,
        studentId: d.student_id,
        title: 'Confirm your card payment',
        body: `Your bank asks you to confirm the autopay of ${amount} for ${d.student_name}. Open Billing to confirm it.`,
        managerBody: `Autopay of ${amount} for ${d.student_name} (${d.payer_name}) waits for the payer's card authentication.`,
        link: BILLING2,
      });
    } else if (r.charge.status === 'failed') {
      done.failed++;
      const retry = attempt < RETRY_DAYS.length ? addDays(d.due_date, RETRY_DAYS[attempt]!) : null;
      await alert(db, centreId, {
        key: `autopay:${r.charge.id}:failed`,
        payer: d.user_id,
        locationId: d.location_id,
        studentId: d.student_id,
        title: 'Autopay failed',
        body: `We could not charge ${amount} for ${d.student_name} to your card (${r.charge.error_message ?? 'declined'}). ${retry ? `We will try again on ${retry}; you can` : 'Please'} pay or change your card in Billing.`,
        managerBody: `Autopay of ${amount} for ${d.student_name} (${d.payer_name}) failed, attempt ${attempt + 1} of ${RETRY_DAYS.length + 1}${retry ? `; next try ${retry}` : '; no more retries'}.`,
        link: BILLING2,
      });
    }
  }
  // 3. Cards expiring within 30 days (the last day of their expiry month), once per card and expiry.
  const limit = new Date(now.getTime() + 30 * 86_400_000);
  const cards = await db('stripe_payment_methods as pm')
    .leftJoin('stripe_card_warnings as w', function () {
      this.on('w.payment_method', 'pm.id').andOn('w.exp_year', 'pm.exp_year').andOn('w.exp_month', 'pm.exp_month');
    })
    .where('pm.detached', false)
    .whereNull('w.payment_method')
    // A card works to the last day of its expiry month.
    .whereRaw(`(make_date(pm.exp_year, pm.exp_month, 1) + interval '1 month - 1 day')::date <= ?::date`, [limit.toISOString().slice(0, 10)])
    .select('pm.id', 'pm.user_id', 'pm.brand', 'pm.last4', 'pm.exp_month', 'pm.exp_year');
  for (const c of cards) {
    const inserted = await db('stripe_card_warnings')
      .insert({ payment_method: c.id, exp_month: c.exp_month, exp_year: c.exp_year })
      .onConflict(['payment_method', 'exp_year', 'exp_month'])
      .ignore()
      .returning('payment_method');
    if (!inserted.length) continue;
    const kid = await db('student_users as su')
      .join('students as s', 's.id', 'su.student_id')
      .where({ 'su.user_id': c.user_id, 'su.is_payer': true })
      .whereNull('s.deleted_at')
      .first('s.id', 's.location_id');
    const who = await db('users').where({ id: c.user_id }).first('fname', 'lname');
    const exp = `${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`;
    await alert(db, centreId, {
      key: `card-expiring:${c.id}:${exp}`,
      payer: String(c.user_id),
      locationId: kid ? String(kid.location_id) : '',
      studentId: kid ? String(kid.id) : null,
      title: 'Your card expires soon',
      body: `Your ${c.brand} card ending ${c.last4} expires ${exp}. Add a new card in Billing so autopay keeps working.`,
      managerBody: `${`${who?.fname ?? ''} ${who?.lname ?? ''}`.trim()}'s ${c.brand} card ending ${c.last4} (autopay) expires ${exp}.`,
      link: BILLING2,
    });
    done.warned++;
  }
  return done;
}

export async function runAutopayJob(job: Pick<JobContext, 'data' | 'log'>, deps: AutopayDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('billing-autopay needs a centreId');
  const db = await deps.dbFor(centreId);
  await scheduleAutopay(db, centreId, new Date(now.getTime() + RUN_MS));
  const config: StripeSettings = deps.config ?? { production: process.env.NODE_ENV === 'production' };
  const r = await runAutopay(db, centreId, config, now);
  job.log(`autopay ${JSON.stringify(r)}`);
  return r;
}

export function registerAutopayJobs(queue: JobQueue, deps: AutopayDeps): void {
  queue.register(STRIPE_QUEUE, AUTOPAY_JOB, (job) => runAutopayJob(job, deps), { concurrency: 1 });
}

export { applyOutcome };
