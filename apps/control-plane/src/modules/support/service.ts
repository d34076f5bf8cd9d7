import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fields, forbidden, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { centreNotFound } from '../centres/errors.ts';
import { findCenter } from '../centres/repo.ts';
import { supportPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { centreNotActive, parkedEventNotFound, supportSessionNotFound, userNotFound } from './errors.ts';
import { parkedEvents, retryParkedEvent } from '@kv/jobs';
import { createCustomEmailService } from './custom-email.ts';

/** A support session lasts `minutes` (5–60, default 30). */
const SUPPORT_MINUTES_DEFAULT = 30;

const centreId = fields.id('center_id');
const usersArgs = z.object({ ...pageArgs, center_id: centreId, search: fields.optionalText(100, 'search') });
const parkedArgs = z.object({ ...pageArgs, center_id: centreId });
const retryArgs = z.object({ center_id: centreId, event_id: fields.id('event_id'), handler: fields.text('handler', { max: 120 }) });
const loginAsArgs = z
  .object({
    center_id: centreId,
    user_id: fields.id('user_id'),
    reason: fields.text('reason', { min: 10, max: 500 }),
    // The help-desk ticket the operator works on: letters, digits and - _ # . / only.
    ticket_id: fields
      .text('ticket_id', { max: 60 })
      .regex(/^[A-Za-z0-9#._/-]+$/, 'ticket_id may use letters, digits and # . _ / - only.'),
    minutes: fields
      .intBetween('minutes', 5, 60)
      .nullish()
      .transform((v) => v ?? SUPPORT_MINUTES_DEFAULT),
    mode: fields
      .oneOf('mode', ['read', 'write'])
      .nullish()
      .transform((v) => v ?? 'read'),
    write_reason: fields.optionalText(500, 'write_reason'),
  })
  .superRefine((a, ctx) => {
    if (a.mode === 'write' && (a.write_reason ?? '').length < 10)
      ctx.addIssue({ code: 'custom', path: ['write_reason'], message: 'write_reason of at least 10 characters is required for a write session.' });
  });
const sessionsArgs = z.object({ ...pageArgs, center_id: centreId });
const endArgs = z.object({ id: fields.uuidKey });

export function createSupportService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;

  async function centreDb(centre: { id: string; database_server_id: string | null; database_name: string | null }) {
    return rt.pools.get(centre.id, await rt.directory.connectionUrl(centre));
  }

  /** A centre with a database to open (active or suspended). */
  async function liveCentre(centreId: string) {
    const centre = await findCenter(db, centreId);
    if (!centre) throw centreNotFound();
    if (centre.status !== 'active' && centre.status !== 'suspended') throw centreNotActive();
    return centre;
  }

  return {
    ...createCustomEmailService(rt),
    /** The people support can enter a centre as: active users, by name, paginated. */
    async getCenterUsers(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.getCenterUsers);
      const { center_id, page, first, search } = parseArgs(usersArgs, raw);
      const centre = await findCenter(db, center_id);
      if (!centre) throw centreNotFound();
      if (centre.status !== 'active') throw centreNotActive();
      const { rows, total } = await repo.listActiveCentreUsers(await centreDb(centre), {
        search: search ?? null,
        offset: (page - 1) * first,
        limit: first,
      });
      return paginated(rows, total, page, first);
    },

    /** A centre's parked event deliveries (its background work that gave up), newest first. */
    async getCenterParkedEvents(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.getCenterParkedEvents);
      const { center_id, page, first } = parseArgs(parkedArgs, raw);
      const centre = await liveCentre(center_id);
      const { rows, total } = await parkedEvents(await centreDb(centre), { offset: (page - 1) * first, limit: first });
      return paginated(
        rows.map((r) => ({ ...r, payload: JSON.stringify(r.payload) })),
        total,
        page,
        first,
      );
    },

    /** Sends a parked delivery back to its handler (audited); the centre's dispatcher runs it at once when it shares this process. */
    async retryCenterEvent(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.retryCenterEvent);
      const { center_id, event_id: eventId, handler } = parseArgs(retryArgs, raw);
      const centre = await liveCentre(center_id);
      const tenantDb = await centreDb(centre);
      if (!(await retryParkedEvent(tenantDb, eventId, handler))) throw parkedEventNotFound();
      await writeAudit(db, actor, 'support.retry_event', 'center', centre.id, { event_id: eventId, handler });
      rt.kickCentreEvents(centre.id, tenantDb);
      return done('The event goes back to its handler.');
    },

    /**
     * "Login as user": an audited, one-hour support session; the link holds a two-minute,
     * one-time token that only this centre accepts.
     */
    async loginAsUser(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, supportPolicy.loginAsUser);
      const args = parseArgs(loginAsArgs, raw);
      const { center_id: centreId, user_id: userId, reason, ticket_id: ticketId, minutes, mode } = args;
      const writeReason = mode === 'write' ? args.write_reason! : null;
      // Changing a centre's data as one of its users is an admin's decision.
      if (mode === 'write') requireRole(actor, supportPolicy.loginAsUserWrite);
      const centre = await findCenter(db, centreId);
      if (!centre) throw centreNotFound();
      if (centre.status !== 'active') throw centreNotActive();
      const tenantDb = await centreDb(centre);
      const user = await repo.findActiveCentreUser(tenantDb, userId);
      if (!user) throw userNotFound();
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + minutes * 60_000);
      await repo.insertCentreAudit(tenantDb, {
        actor_label: viewer.label,
        support_session_id: sessionId,
        action: 'support.session_started',
        entity_id: userId,
        data: { reason, ticket_id: ticketId, mode, write_reason: writeReason, expires_at: expiresAt.toISOString() },
      });
      await db.transaction(async (trx) => {
        await repo.insertSupportSession(trx, {
          id: sessionId,
          operator_id: viewer.id,
          center_id: centreId,
          target_user_id: userId,
          reason,
          expires_at: expiresAt,
          ticket_id: ticketId,
          mode,
          write_reason: writeReason,
          minutes,
        });
        await writeAudit(trx, actor, 'support.login_as_user', 'center', centreId, {
          support_session_id: sessionId,
          user_id: userId,
          username: user.username,
          reason,
          ticket_id: ticketId,
          mode,
          write_reason: writeReason,
          minutes,
        });
      });
      const token = await rt.tokens.signSupportAutologin({
        tid: centre.id,
        sub: userId,
        ssid: sessionId,
        operator: viewer.label,
        exp: expiresAt,
        mode,
      });
      const url = `${rt.config.centreOrigin(centre.slug)}/verify-autologin/${token}`;
      return done('Support session started.', { url, expires_at: expiresAt, support_session_id: sessionId });
    },

    /** A centre's support sessions, newest first, with their ticket, mode and state (admin, kvsupport). */
    async getSupportSessions(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.getSupportSessions);
      const { center_id, page, first } = parseArgs(sessionsArgs, raw);
      if (!(await findCenter(db, center_id))) throw centreNotFound();
      const { rows, total } = await repo.listSupportSessions(db, center_id, { offset: (page - 1) * first, limit: first });
      return paginated(rows, total, page, first);
    },

    async endSupportSession(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, supportPolicy.endSupportSession);
      const { id } = parseArgs(endArgs, raw);
      const session = id ? await repo.findSupportSession(db, id) : undefined;
      if (!session) throw supportSessionNotFound();
      if (viewer.role !== 'admin' && session.operator_id !== viewer.id)
        throw forbidden('Only its operator or an admin can end a support session.');
      await db.transaction(async (trx) => {
        await repo.endSupportSessionRow(trx, session.id);
        await writeAudit(trx, actor, 'support.end', 'center', session.center_id, { support_session_id: session.id });
      });
      // The centre-side session dies now rather than at its expiry; a centre that is down keeps it until then.
      const centre = await findCenter(db, session.center_id);
      if (centre && centre.status !== 'deleted') {
        try {
          await repo.revokeCentreSupportSessions(await centreDb(centre), session.id);
        } catch (err) {
          rt.log.warn({ err, supportSessionId: session.id }, 'could not revoke the centre-side support session');
        }
      }
      return done('Support session ended.');
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
