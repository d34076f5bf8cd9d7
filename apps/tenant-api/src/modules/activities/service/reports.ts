import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { queueMessage } from '@kv/messaging';
import { localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { activityWriteScope } from '../policy.ts';
import { derivedEntries, storedEntries } from '../repo/feed.ts';
import * as reports from '../repo/reports.ts';
import { receiverNotAllowed } from '../errors.ts';
import { labelOf } from './save.ts';
import { MEDIA_OF, mediaOf } from '../kinds.ts';
import { approvedPhotoIds } from '../../photos/index.ts';
import { checkDate, entries, studentsOfEntries, targetOf, type ShownActivity } from './common.ts';

/** One line of a report mail: time, kind and what was recorded. */
export function lineOf(a: ShownActivity): string {
  const d = a.details as Record<string, string | string[] | undefined>;
  const parts = [
    a.title,
    a.kind === 'meal' ? null : a.type,
    a.amount !== null ? String(a.amount) + (d.unit ? ` ${d.unit}` : '') : null,
    d.portion ? `ate ${d.portion}` : null,
    a.end_time ? `until ${a.end_time}` : null,
    a.mood,
    a.custom,
    d.dose ? `${d.dose} by ${a.by}` : null,
    d.injury ? `${d.injury}; first aid: ${d.first_aid}` : null,
    Array.isArray(d.supplies) ? `please bring ${d.supplies.join(', ')}` : null,
    a.observation,
    a.note,
  ].filter(Boolean);
  const kind = a.kind === 'meal' && a.type ? a.type.replace('_', ' ') : labelOf(a.kind);
  return `${a.time} ${kind[0]!.toUpperCase()}${kind.slice(1)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** What guardians see of children's days: approved, not staff-only entries and attendance rows. */
async function visibleDay(db: Knex | Knex.Transaction, studentIds: string[], date: string): Promise<Map<string, ShownActivity[]>> {
  const f = { studentIds, from: date, to: date, kinds: null, parent: true, staffOnly: null };
  const [stored, derived] = await Promise.all([storedEntries(db, f), derivedEntries(db, f)]);
  // A photo or video entry is told of only once its media is approved (a line, never the media).
  const media = stored.map(mediaOf).filter((m): m is string => Boolean(m));
  const approved = media.length ? await approvedPhotoIds(db, media) : new Set<string>();
  const all = entries(
    stored.filter((r) => !MEDIA_OF[r.kind] || approved.has(mediaOf(r) ?? '')),
    derived,
  );
  const kids = await studentsOfEntries(db, all);
  const out = new Map<string, ShownActivity[]>(studentIds.map((s) => [s, []]));
  all.forEach((a, i) => kids[i]!.forEach((s) => out.get(s.id)?.push(a)));
  return out;
}

function summary(names: Map<string, string>, days: Map<string, ShownActivity[]>, children: string[]): string {
  return children
    .map((c) => {
      const lines = (days.get(c) ?? []).map(lineOf);
      return `${names.get(c) ?? ''}: ${lines.length ? lines.join(' · ') : 'nothing recorded'}`;
    })
    .join(' | ');
}

const joinNames = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * Mails a child's day (spec: send report — student, date, receivers, emailData → status, message):
 * to the listed people, each of them one of the child's guardians or staff of its location
 * (else nothing is sent and the error names the first other one). `emailData` is a note added
 * below the day. What guardians see is what is mailed: approved, not staff-only entries.
 */
export async function sendDailyReport(ctx: RequestContext, raw: unknown) {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(
    z.object({
      student: id,
      date: localDate.nullish(),
      receivers: idList.min(1, 'Choose who receives the report.').max(20, 'At most 20 receivers.'),
      emailData: z.string().trim().max(2000, 'The message has at most 2000 characters.').nullish(),
    }),
    raw,
  );
  const t = await targetOf(ctx, scope, [a.student], 'student');
  const date = a.date ?? t.today;
  const bad = checkDate(t, date);
  if (bad) throw badInput('date', bad);
  const wanted = [...new Set(a.receivers)];
  const allowed = await reports.allowedReceivers(ctx.db, a.student, t.locationId, wanted);
  const byId = new Map(allowed.map((r) => [String(r.id), r]));
  const other = wanted.find((w) => !byId.has(w));
  if (other) throw receiverNotAllowed(other);
  const noEmail = allowed.find((r) => !r.email);
  if (noEmail) throw badInput('receivers', `${noEmail.fname} has no email address.`);
  const child = t.students[0]!;
  const days = await visibleDay(ctx.db, [a.student], date);
  const text = summary(new Map([[a.student, child.fname]]), days, [a.student]);
  await inTransaction(ctx, async (trx) => {
    const rows = [];
    for (const r of allowed) {
      const messageId = await queueMessage(trx, {
        channel: 'email',
        to: r.email!,
        userId: String(r.id),
        template: a.emailData ? 'activity-report-note' : 'activity-report',
        locale: r.locale,
        centreId: ctx.tenant.id,
        data: {
          fname: r.fname,
          children: child.fname,
          location: t.location,
          date,
          summary: text,
          ...(a.emailData ? { message: a.emailData } : {}),
        },
      });
      rows.push({
        location_id: t.locationId,
        user_id: r.id,
        recipient: r.email,
        date,
        kind: 'manual',
        students: [a.student],
        sent_by: ctx.viewer!.id,
        message_id: messageId,
      });
    }
    await reports.recordManualSends(trx, rows);
    await audit(ctx, trx, {
      action: 'activity.report_sent',
      entity: 'student',
      entity_id: a.student,
      location_id: t.locationId,
      data: { date, receivers: wanted },
    });
  });
  return notice(allowed.length === 1 ? `The report is sent to ${allowed[0]!.fname}.` : `The report is sent to ${allowed.length} people.`);
}

/** Reports later than this after the location's time are not sent (the job was down). */
const REPORT_WINDOW_MS = 3 * 3_600_000;

/**
 * The scheduled report (run by the activities tick): at each location that mails parents, once
 * its time has come in the location's zone, every guardian gets one mail for the day with all
 * their children there. A send is claimed in `activity_report_sends` (unique per guardian,
 * location and day) in the transaction that queues the mail, so a rerun sends none.
 */
export async function sendDueReports(db: Knex, centreId: string, now: Date): Promise<number> {
  let sent = 0;
  for (const loc of await reports.reportLocations(db)) {
    const local = localParts(now, loc.timezone);
    const [h, m] = loc.time.split(':').map(Number) as [number, number];
    const [nh, nm] = local.time.split(':').map(Number) as [number, number];
    const late = (nh * 60 + nm - (h * 60 + m)) * 60_000;
    if (late < 0 || late > REPORT_WINDOW_MS) continue;
    const guardians = await reports.guardiansWithEntries(db, loc.id, local.date);
    if (!guardians.length) continue;
    const children = [...new Set(guardians.flatMap((g) => g.children))];
    sent += await db.transaction(async (trx) => {
      const fresh = await reports.claimScheduledSends(trx, loc.id, local.date, guardians);
      if (!fresh.size) return 0;
      const [days, kids] = await Promise.all([
        visibleDay(trx, children, local.date),
        trx('students').whereIn('id', children).select('id', 'fname'),
      ]);
      const names = new Map<string, string>(kids.map((k: { id: string; fname: string }) => [String(k.id), k.fname]));
      for (const g of guardians.filter((x) => fresh.has(x.id))) {
        const messageId = await queueMessage(trx, {
          channel: 'email',
          to: g.email!,
          userId: g.id,
          template: 'activity-report',
          locale: g.locale,
          centreId,
          data: {
            fname: g.fname,
            children: joinNames(g.children.map((c) => names.get(c) ?? '')),
            location: loc.name,
            date: local.date,
            summary: summary(names, days, g.children),
          },
        });
        await reports.setMessage(trx, loc.id, g.id, local.date, messageId);
      }
      return fresh.size;
    });
  }
  return sent;
}
