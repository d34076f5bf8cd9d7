import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { entityHistory, locationHistory } from '../repo/history.ts';
import { assertLocations, manageScope } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';

const SUMMARIES: Record<string, string> = {
  'location.create': 'Location created',
  'location.update': 'Location details changed',
  'location.delete': 'Location deleted',
  'location.managers': 'Managers changed',
  'location.signup_code': 'Signup code changed',
  'location.billing': 'Billing changed',
  'location.billing_request': 'Billing request setting changed',
  'location.settings': 'Settings changed',
  'location.team_notification': 'Team notifications changed',
  'location.email_code_sent': 'Email verification code sent',
  'location.email_verified': 'Email address verified',
  'location.qr': 'Check-in QR code generated',
  'room.create': 'Room created',
  'room.update': 'Room changed',
  'room.delete': 'Room deleted',
  'group.create': 'Camera group created',
  'group.update': 'Camera group changed',
  'group.delete': 'Camera group deleted',
  'schedule.create': 'Schedule created',
  'schedule.update': 'Schedule changed',
  'schedule.delete': 'Schedule deleted',
  'schedule.apply': 'Camera schedule changed',
  'camera.create': 'Camera created',
  'camera.update': 'Camera changed',
  'camera.delete': 'Camera deleted',
  'camera.status': 'Camera turned on or off',
  'camera.order': 'Cameras reordered',
  'camera.import': 'Cameras imported',
  'camera.settings': 'Camera settings changed',
  'camera.stream_mode': 'Stream mode changed',
};

interface AuditRow {
  id: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  data: { changes?: Record<string, [unknown, unknown]>; name?: string } | null;
  actor_user_id: string | null;
  actor_label: string | null;
  support_session_id: string | null;
  created_at: Date;
  fname: string | null;
  lname: string | null;
}

const text = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** An audit row as a history entry: who, what, when. */
export function historyEntry(r: AuditRow) {
  const changes = Object.entries(r.data?.changes ?? {}).map(([field, [from, to]]) => ({
    field,
    old_value: text(from),
    new_value: text(to),
  }));
  const who = r.actor_label ?? ([r.fname, r.lname].filter(Boolean).join(' ') || null);
  const subject = r.data?.name ? ` “${r.data.name}”` : '';
  return {
    id: String(r.id),
    action: r.action,
    summary: `${SUMMARIES[r.action] ?? r.action}${subject}`,
    entity: r.entity,
    entity_id: r.entity_id,
    changes,
    actor_id: r.actor_user_id ? String(r.actor_user_id) : null,
    actor_name: who,
    by_support: Boolean(r.support_session_id),
    created_at: r.created_at.toISOString(),
  };
}

export async function getLocationHistory(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location: id, ...pageArgs }), raw);
  await assertLocations(ctx, scope, [args.location]);
  const { rows, total } = await locationHistory(ctx.db, args.location, args.page, args.first);
  return paginated((rows as AuditRow[]).map(historyEntry), total, args.page, args.first);
}

/** History of one entity (a camera); the caller has checked its scope. */
export async function pageEntityHistory(ctx: RequestContext, entity: string, entityId: string, page: number, first: number) {
  const { rows, total } = await entityHistory(ctx.db, entity, entityId, page, first);
  return paginated((rows as AuditRow[]).map(historyEntry), total, page, first);
}
