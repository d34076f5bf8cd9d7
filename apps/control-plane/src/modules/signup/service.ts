import { z } from 'zod';
import type { Knex } from 'knex';
import { createThrottle, hashPassword, passwordProblem, randomPin, randomToken, sha256Hex, type Throttle } from '@kv/auth';
import { queueMessage } from '@kv/messaging';
import { isTimeZone } from '@kv/shared';
import { AppError, CommonError, badInput, fields, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { SYSTEM_ACTOR, type Actor } from '../../access.ts';
import { isUniqueViolation } from '../../sql.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { RESERVED_SLUGS, SLUG, insertProvisioningCentre } from '../centres/service.ts';
import { findPlan } from '../center-billing/repo.ts';
import { isCardError, platformStripe } from '../center-billing/stripe.ts';
import { cardDeclined, planNotFound, providerUnavailable } from '../center-billing/errors.ts';
import { MAX_PIN_ATTEMPTS, PIN_TTL_MIN, SETUP_TTL_DAYS, SIGNUP_THROTTLES } from './policy.ts';
import { invalidLink, invalidPin, setupDone } from './errors.ts';
import { AUTOLOGIN_TTL_MIN } from './setup.ts';

const slugField = (label: string) =>
  fields
    .text(label, { max: 40 })
    .toLowerCase()
    .refine((v) => SLUG.test(v) && !v.includes('--'), `${label} must be 3–40 lower-case letters, digits or single dashes, starting with a letter.`);

const checkArgs = z.object({ slug: slugField('slug') });
const startArgs = z.object({
  fname: fields.text('fname', { max: 100 }),
  lname: fields.text('lname', { max: 100 }),
  email: fields.email('email').toLowerCase(),
  password: z.string('password is required.').refine((p) => !passwordProblem(p), { message: 'password is too short or too common (at least 8 characters).' }),
  center_name: fields.text('center_name', { max: 150 }),
  subdomain: slugField('subdomain'),
  kind: fields.oneOf('kind', ['childcare', 'petcare'] as const),
  plan_id: fields.id('plan_id').nullish(),
});
const verifyArgs = z.object({ pin_time: fields.token, pin: z.string('pin is required.').trim().regex(/^\d{6}$/, 'pin is the 6-digit code from the email.') });
const tokenArgs = z.object({ token: fields.token });
const paymentArgs = z.discriminatedUnion('method', [
  z.object({
    signup_token: fields.token,
    method: z.literal('card'),
    payment_method_id: z.string('payment_method_id must be a card reference.').trim().regex(/^pm_[A-Za-z0-9]{6,100}$/, 'payment_method_id must be a card reference (pm_…).'),
  }),
  z.object({ signup_token: fields.token, method: z.enum(['transfer', 'cheque']) }),
], { error: 'method must be one of card, transfer, cheque.' });
const setupArgs = z.object({
  token: fields.token,
  time_zone: z.string('time_zone is required.').trim().refine(isTimeZone, 'time_zone must be a time zone such as America/Chicago.'),
  location_name: fields.text('location_name', { max: 150 }),
  manager_fname: fields.optionalText(100, 'manager_fname'),
  manager_lname: fields.optionalText(100, 'manager_lname'),
  manager_email: fields.email('manager_email').toLowerCase().nullish(),
});

interface SignupRow {
  id: string;
  fname: string;
  lname: string;
  email: string;
  password_hash: string;
  center_name: string;
  slug: string;
  kind: 'childcare' | 'petcare';
  plan_id: string | null;
  pin_hash: string;
  pin_attempts: number;
  pin_expires_at: Date;
  verified_at: Date | null;
  setup_expires_at: Date | null;
  setup_used_at: Date | null;
  customer_id: string | null;
  payment_method_id: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  /** card, transfer or cheque (null: none chosen yet, billed as card). */
  payment_choice: 'card' | 'transfer' | 'cheque' | null;
  center_id: string | null;
}

const throttled = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError(CommonError.Throttled, `Too many attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
};

/**
 * The sign-up funnel (guests): `checkCenterSlug`, `startCustomerSignup` (a PIN by email),
 * `verifyCustomerSignup` (the setup token, 7 days), the card through `submitCenterPayment`
 * (`signup_token`, or transfer/cheque), then `saveCenterSetup`, which spends the token and queues the
 * centre's provisioning in one transaction (a double click or a replay makes one centre) and answers
 * the owner's one-time sign-in link; `getCenterSetup` shows the provisioning's progress. The request
 * never waits for provisioning: it runs as the usual job, whose owner step writes the setup.
 */
export function createSignupService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  // Counted in the control plane's Redis when there is one: shared by every worker, kept across restarts.
  const limits: Record<keyof typeof SIGNUP_THROTTLES, Throttle> = Object.fromEntries(
    Object.entries(SIGNUP_THROTTLES).map(([k, v]) => [k, createThrottle({ redis: rt.deps.redis, keyPrefix: `cp:signup:${k}`, ...v })]),
  ) as never;
  async function take(kind: keyof typeof SIGNUP_THROTTLES, key: string) {
    const r = await limits[kind].consume(key);
    if (!r.allowed) throw throttled(r.retryAfterMs);
  }
  const ipOf = (actor: Actor) => actor.ip ?? 'unknown';

  /** Whether a subdomain is free: not reserved, no centre, no live sign-up of someone else holds it. */
  async function slugFree(trx: Knex | Knex.Transaction, slug: string, email: string | null): Promise<string | null> {
    if (RESERVED_SLUGS.has(slug)) return 'This address is reserved.';
    if (await trx('centers').where({ slug }).first('id')) return 'This address is already used by another centre.';
    const host = `${slug}.${rt.config.platformDomain}`;
    if (await trx('server_domains').where({ domain: host }).first('id')) return 'This address is already used by another centre.';
    const held = await trx('customer_signups')
      .where({ slug })
      .where((q) => q.where('pin_expires_at', '>', trx.fn.now()).orWhere('setup_expires_at', '>', trx.fn.now()))
      .modify((q) => {
        if (email) q.whereRaw('lower(email) <> ?', [email]);
      })
      .first('id');
    return held ? 'Someone is signing up with this address right now.' : null;
  }

  async function byToken(trx: Knex | Knex.Transaction, token: string, lock = false): Promise<SignupRow> {
    const row: SignupRow | undefined = await trx('customer_signups')
      .where({ setup_token_hash: sha256Hex(token) })
      .modify((q) => {
        if (lock) q.forUpdate();
      })
      .first('*', trx.raw('id::text as id'), trx.raw('plan_id::text as plan_id'), trx.raw('center_id::text as center_id'));
    if (!row || !row.verified_at || !row.setup_expires_at || new Date(row.setup_expires_at) <= new Date()) throw invalidLink();
    return row;
  }

  return {
    async checkCenterSlug(actor: Actor, raw: unknown) {
      await take('check', ipOf(actor));
      const { slug } = parseArgs(checkArgs, raw);
      const problem = await slugFree(db, slug, null);
      return { available: !problem, message: problem ?? `${slug}.${rt.config.platformDomain} is free.`, slug };
    },

    async startCustomerSignup(actor: Actor, raw: unknown) {
      await take('startIp', ipOf(actor));
      const a = parseArgs(startArgs, raw);
      await take('startEmail', a.email);
      if (a.plan_id) {
        const plan = await findPlan(db, a.plan_id);
        if (!plan || !plan.active || !plan.is_public) throw planNotFound();
      }
      const problem = await slugFree(db, a.subdomain, a.email);
      if (problem) throw badInput('subdomain', problem);
      const pinTime = randomToken();
      const pin = randomPin(6);
      const passwordHash = await hashPassword(a.password);
      await db.transaction(async (trx) => {
        // Two requests for one subdomain at once: the later waits here and then finds it held.
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`signup:${a.subdomain}`]);
        const again = await slugFree(trx, a.subdomain, a.email);
        if (again) throw badInput('subdomain', again);
        const [row] = await trx('customer_signups')
          .insert({
            fname: a.fname,
            lname: a.lname,
            email: a.email,
            password_hash: passwordHash,
            center_name: a.center_name,
            slug: a.subdomain,
            kind: a.kind,
            plan_id: a.plan_id ?? null,
            pin_time_hash: sha256Hex(pinTime),
            pin_hash: sha256Hex(pin),
            pin_expires_at: new Date(Date.now() + PIN_TTL_MIN * 60_000),
            ip: actor.ip,
          })
          .returning('id');
        await queueMessage(trx, {
          channel: 'email',
          to: a.email,
          template: 'verify-email',
          locale: 'en',
          data: { fname: a.fname, pin, minutes: PIN_TTL_MIN, url: `${rt.stripe.webhookUrl.replace(/\/webhooks\/stripe$/, '')}/customer-signup/verify?pin_time=${pinTime}` },
          centreId: null,
        });
        await writeAudit(trx, actor, 'signup.start', 'customer_signup', String(row.id), { slug: a.subdomain, email: a.email });
      });
      void rt.kickOutbox();
      return done('We emailed you a 6-digit code.', { pin_time: pinTime });
    },

    async verifyCustomerSignup(actor: Actor, raw: unknown) {
      await take('verifyIp', ipOf(actor));
      const { pin_time, pin } = parseArgs(verifyArgs, raw);
      const token = randomToken();
      const ok = await db.transaction(async (trx) => {
        const row = await trx('customer_signups').where({ pin_time_hash: sha256Hex(pin_time) }).forUpdate().first();
        if (!row || row.verified_at || new Date(row.pin_expires_at) <= new Date() || row.pin_attempts >= MAX_PIN_ATTEMPTS) return false;
        if (row.pin_hash !== sha256Hex(pin)) {
          await trx('customer_signups').where({ id: row.id }).increment('pin_attempts', 1);
          return false;
        }
        await trx('customer_signups')
          .where({ id: row.id })
          .update({
            verified_at: trx.fn.now(),
            setup_token_hash: sha256Hex(token),
            setup_expires_at: new Date(Date.now() + SETUP_TTL_DAYS * 86_400_000),
            updated_at: trx.fn.now(),
          });
        return true;
      });
      if (!ok) throw invalidPin();
      return done('Email verified.', { token });
    },

    /** The funnel's card: saved at the platform's account (the centre is billed once its trial ends). */
    async submitSignupPayment(actor: Actor, raw: unknown) {
      await take('verifyIp', ipOf(actor));
      const a = parseArgs(paymentArgs, raw);
      const signup = await byToken(db, a.signup_token);
      if (signup.setup_used_at) throw setupDone();
      if (a.method !== 'card') {
        await db.transaction(async (trx) => {
          await trx('customer_signups').where({ id: signup.id }).update({ payment_choice: a.method, updated_at: trx.fn.now() });
          await writeAudit(trx, actor, 'signup.payment_choice', 'customer_signup', signup.id, { method: a.method });
        });
        return done(
          a.method === 'transfer' ? 'Transfer chosen: our bank details come with your first invoice.' : 'Cheque chosen: the address to send it to comes with your first invoice.',
          { payments: [] },
        );
      }
      const stripe = platformStripe(rt);
      let pm;
      try {
        const customer =
          signup.customer_id ??
          (
            await stripe.customers.create(
              { name: signup.center_name, email: signup.email, metadata: { kv_signup_id: signup.id } },
              { idempotencyKey: `signup:${signup.id}:customer:v1` },
            )
          ).id;
        await db('customer_signups').where({ id: signup.id }).update({ customer_id: customer });
        pm = await stripe.paymentMethods.attach(a.payment_method_id, { customer });
        await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } });
      } catch (e) {
        if (isCardError(e)) throw cardDeclined(e.message);
        if ((e as { statusCode?: number }).statusCode === 404) throw badInput('payment_method_id', 'This card was not found. Enter it again.');
        throw providerUnavailable();
      }
      const card = pm.card ? { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year } : null;
      if (!card) throw badInput('payment_method_id', 'Only cards can be saved.');
      await db('customer_signups').where({ id: signup.id }).update({ payment_method_id: pm.id, card: JSON.stringify(card), payment_choice: 'card', updated_at: db.fn.now() });
      return done('Card saved.', { payments: [] });
    },

    /**
     * Spends the setup token and queues the centre's provisioning in one transaction, under the
     * sign-up's row lock: a second click waits, then finds the token spent (one centre). The setup
     * (zone, first location, first manager) and the hash of the owner's one-time sign-in token stay
     * on the sign-up for provisioning's owner step; the request answers at once with the link.
     */
    async saveCenterSetup(actor: Actor, raw: unknown) {
      await take('verifyIp', ipOf(actor));
      const a = parseArgs(setupArgs, raw);
      if ((a.manager_fname || a.manager_lname || a.manager_email) && !(a.manager_fname && a.manager_lname && a.manager_email)) {
        const missing = !a.manager_fname ? 'manager_fname' : !a.manager_lname ? 'manager_lname' : 'manager_email';
        throw badInput(missing, 'A first manager needs a first name, a last name and an email.');
      }
      const autologin = randomToken();
      let made: { id: string; slug: string };
      try {
        made = await db.transaction(async (trx) => {
          const signup = await byToken(trx, a.token, true);
          if (signup.setup_used_at || signup.center_id) throw setupDone();
          const plan = signup.plan_id ? await findPlan(trx, signup.plan_id) : undefined;
          const trialDays = plan?.trial_days ?? 0;
          const id = await insertProvisioningCentre(rt, trx, { ...SYSTEM_ACTOR, ip: actor.ip }, {
            name: signup.center_name,
            slug: signup.slug,
            kind: signup.kind,
            contact_email: signup.email,
            owner_fname: signup.fname,
            owner_lname: signup.lname,
            owner_username: signup.email,
            on_trial: trialDays > 0,
            trial_days: trialDays > 0 ? trialDays : null,
          });
          await trx('centers')
            .where({ id })
            .update({
              center_billing_plan_id: plan?.id ?? null,
              customer_id: signup.customer_id,
              payment_start: trx.raw('current_date + ?::int', [trialDays]),
              // Transfer or cheque: invoices wait for the owner's payment (no card, no 402 at the trial's end).
              billing_method: signup.payment_choice === 'transfer' || signup.payment_choice === 'cheque' ? signup.payment_choice : 'card',
            });
          if (signup.payment_method_id && signup.card)
            await trx('center_cards').insert({ id: signup.payment_method_id, center_id: id, ...signup.card, is_default: true }).onConflict('id').ignore();
          await trx('customer_signups')
            .where({ id: signup.id })
            .update({
              setup_used_at: trx.fn.now(),
              center_id: id,
              time_zone: a.time_zone,
              location_name: a.location_name,
              manager_fname: a.manager_fname ?? null,
              manager_lname: a.manager_lname ?? null,
              manager_email: a.manager_email ?? null,
              autologin_hash: sha256Hex(autologin),
              updated_at: trx.fn.now(),
            });
          await writeAudit(trx, { ...SYSTEM_ACTOR, ip: actor.ip }, 'signup.setup', 'center', id, {
            signup_id: signup.id,
            plan_id: plan?.id ?? null,
            billing_method: signup.payment_choice ?? 'card',
          });
          return { id, slug: signup.slug };
        });
      } catch (e) {
        if (e instanceof AppError && e.code === 'SLUG_TAKEN') throw badInput('token', 'This address was taken meanwhile. Start the sign-up again.');
        if (isUniqueViolation(e)) throw badInput('token', 'This address was taken meanwhile. Start the sign-up again.');
        throw e;
      }
      void rt.kickOutbox();
      await rt.directory.invalidate(made.id);
      return done('Your centre is being set up.', {
        center_id: made.id,
        url: `${rt.config.centreOrigin(made.slug)}/verify-autologin/${autologin}?redirect=%2Fdashboard`,
        expires_in_minutes: AUTOLOGIN_TTL_MIN,
      });
    },

    /** The setup's progress for the page that submitted it (bound to the token, which stays readable for its 7 days). */
    async getCenterSetup(actor: Actor, raw: unknown) {
      await take('setupStatus', ipOf(actor));
      const { token } = parseArgs(tokenArgs, raw);
      const signup = await byToken(db, token);
      const base = {
        center_name: signup.center_name,
        slug: signup.slug,
        center_url: rt.config.centreOrigin(signup.slug),
        has_card: Boolean(signup.payment_method_id),
      };
      if (!signup.center_id) return { ...base, status: 'new', progress: 0, step: null, error: null };
      const c = await db('centers').where({ id: signup.center_id }).first('status', 'provisioning_progress', 'provisioning_step');
      if (!c) return { ...base, status: 'failed', progress: 0, step: null, error: 'This centre no longer exists.' };
      const status = c.status === 'provisioning' ? 'provisioning' : c.status === 'failed' ? 'failed' : 'ready';
      return {
        ...base,
        status,
        progress: status === 'ready' ? 100 : Number(c.provisioning_progress ?? 0),
        step: status === 'provisioning' ? (c.provisioning_step ?? null) : null,
        // Never the internal error text: the operators see it on the centre's page.
        error: status === 'failed' ? 'Your centre could not be set up just now. We have been told and will finish it for you.' : null,
      };
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
