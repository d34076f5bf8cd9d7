import { z } from 'zod';
import { queueMessage } from '@kv/messaging';
import { blankToNull, fields, notice, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { demoRequestPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { badTransition, demoRequestNotFound, demoThrottled } from './errors.ts';

/** Demo requests one address may send per hour. */
export const DEMO_REQUESTS_PER_HOUR = 5;

/** Where a request may go next: new → contacted → converted | closed (a new one may also be closed). */
const NEXT: Record<repo.DemoStatus, readonly repo.DemoStatus[]> = {
  new: ['contacted', 'closed'],
  contacted: ['converted', 'closed'],
  converted: [],
  closed: [],
};

const phone = z
  .string()
  .trim()
  .max(32, 'phone must be at most 32 characters.')
  .refine(
    (v) => v === '' || (/^[0-9+()\-.\s]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15),
    'phone must be a phone number of 7 to 15 digits.',
  )
  .nullish()
  .transform(blankToNull);

const createArgs = z.object({
  name: fields.text('name', { max: 150 }),
  email: fields.email('email'),
  phone,
  center_name: fields.text('center_name', { max: 150 }),
  kind: fields
    .oneOf('kind', ['childcare', 'petcare'])
    .nullish()
    .transform((v) => v ?? 'childcare'),
  locations: fields.intBetween('locations', 1, 500).nullish(),
  message: fields.optionalText(2000, 'message'),
  // The honeypot: hidden from people, filled in by form-filling bots.
  website: z.string().max(500).nullish(),
});
const listArgs = z.object({
  ...pageArgs,
  status: fields.oneOf('status', repo.DEMO_STATUSES).nullish(),
  search: fields.optionalText(100, 'search'),
});
const updateArgs = z.object({
  id: fields.id('id'),
  status: fields.oneOf('status', repo.DEMO_STATUSES).nullish(),
  notes: fields.optionalText(5000, 'notes'),
});
const idArgs = z.object({ id: fields.id('id') });

const THANKS = 'Thank you! We will contact you shortly to arrange your demo.';

export function createDemoRequestService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const signupUrl = (id: string) => `${rt.config.platformOrigin}/customer-signup?ref=demo-${id}`;

  return {
    /**
     * A guest's request for a demo. A filled honeypot gets the same thanks and stores nothing; the
     * sixth request from one address within an hour is refused (counted under a per-address lock,
     * so parallel requests cannot slip past).
     */
    async createDemoRequest(actor: Actor, raw: unknown) {
      const a = parseArgs(createArgs, raw);
      if (a.website && a.website.trim()) return notice(THANKS);
      const ip = actor.ip ?? 'unknown';
      await db.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`demo-request:${ip}`]);
        if ((await repo.recentFromIp(trx, ip)) >= DEMO_REQUESTS_PER_HOUR) throw demoThrottled();
        const row = await repo.insertDemoRequest(trx, {
          name: a.name,
          email: a.email.toLowerCase(),
          phone: a.phone ?? null,
          center_name: a.center_name,
          kind: a.kind,
          locations: a.locations ?? null,
          message: a.message ?? null,
          ip,
        });
        await writeAudit(trx, actor, 'demo_request.create', 'demo_request', row.id, { center_name: a.center_name });
      });
      return notice(THANKS);
    },

    async getDemoRequests(actor: Actor, raw: unknown) {
      requireRole(actor, demoRequestPolicy.getDemoRequests);
      const { page, first, status, search } = parseArgs(listArgs, raw);
      const { rows, total } = await repo.listDemoRequests(db, {
        status: status ?? null,
        search: search ?? null,
        offset: (page - 1) * first,
        limit: first,
      });
      return paginated(rows, total, page, first);
    },

    async updateDemoRequest(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, demoRequestPolicy.updateDemoRequest);
      const { id, status, notes } = parseArgs(updateArgs, raw);
      const row = await db.transaction(async (trx) => {
        const current = await repo.lockDemoRequest(trx, id);
        if (!current) throw demoRequestNotFound();
        const patch: Partial<repo.DemoRequestRow> = { changed_by: viewer.label };
        if (status && status !== current.status) {
          if (!NEXT[current.status].includes(status)) throw badTransition(current.status, status);
          patch.status = status;
        }
        if (notes !== undefined) patch.notes = notes;
        const updated = await repo.updateDemoRequest(trx, id, patch);
        await writeAudit(trx, actor, 'demo_request.update', 'demo_request', id, {
          ...(patch.status ? { status: [current.status, patch.status] } : {}),
          ...(notes !== undefined ? { notes: true } : {}),
        });
        return updated;
      });
      return done('Demo request saved.', { demo_request: row });
    },

    /** Mails the requester the sign-up link; a new request counts as contacted from then on. */
    async sendSignupLink(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, demoRequestPolicy.sendSignupLink);
      const { id } = parseArgs(idArgs, raw);
      const row = await db.transaction(async (trx) => {
        const current = await repo.lockDemoRequest(trx, id);
        if (!current) throw demoRequestNotFound();
        if (current.status === 'converted' || current.status === 'closed') throw badTransition(current.status, 'contacted');
        await queueMessage(trx, {
          channel: 'email',
          to: current.email,
          template: 'demo-signup-link',
          locale: 'en',
          data: { name: current.name, centre: current.center_name, url: signupUrl(current.id) },
          centreId: null,
        });
        const updated = await repo.updateDemoRequest(trx, id, {
          signup_link_sent_at: trx.fn.now() as unknown as Date,
          status: 'contacted',
          changed_by: viewer.label,
        });
        await writeAudit(trx, actor, 'demo_request.signup_link', 'demo_request', id, { email: current.email });
        return updated;
      });
      void rt.kickOutbox();
      return done(`Sign-up link sent to ${row.email}.`, { demo_request: row });
    },
  };
}

export type DemoRequestService = ReturnType<typeof createDemoRequestService>;
