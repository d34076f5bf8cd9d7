import type { Knex } from 'knex';
import { z } from 'zod';
import { emit } from '@kv/jobs';
import { addDays, localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import type { StudentScope } from '../../../core/access.ts';
import { idList } from '../../../core/args.ts';
import { requestIdArg } from '../../attendance/index.ts';
import { locationInfo } from '../../locations/index.ts';
import { idsInScope } from '../../students/index.ts';
import { approvedPhotoIds } from '../../photos/index.ts';
import { MEDIA_OF, mediaOf } from '../kinds.ts';
import * as repo from '../repo/activities.ts';
import type { DerivedRow } from '../repo/feed.ts';
import { mixedLocations, studentNotFound } from '../errors.ts';

export const studentsArg = idList.min(1, 'Choose at least one child.').max(60, 'At most 60 children on one entry.');
export const requestId = requestIdArg.nullish();
export const staffOnlyArg = z.boolean().nullish();

/** Entries may be written for today and the 30 days before (the location's dates). */
export const BACKDATE_DAYS = 30;

export interface Target {
  ids: string[];
  students: repo.StudentName[];
  locationId: string;
  timezone: string;
  location: string;
  today: string;
  now: string;
}

/**
 * The children of an entry: every one in the viewer's scope (else NOT_FOUND naming `students`,
 * whether the child exists elsewhere or not at all), all of one location.
 */
export async function targetOf(ctx: RequestContext, scope: StudentScope, raw: readonly string[], field = 'students'): Promise<Target> {
  const ids = [...new Set(raw.map(String))];
  const reached = new Set(await idsInScope(ctx.db, scope, ids));
  const outside = ids.find((i) => !reached.has(i));
  if (outside) throw studentNotFound(field, outside);
  const names = await repo.studentNames(ctx.db, ids);
  const students = ids.map((i) => names.get(i)!);
  const locationId = String(students[0]!.location_id);
  if (students.some((s) => String(s.location_id) !== locationId)) throw mixedLocations();
  const loc = (await locationInfo(ctx.db, locationId))!;
  const local = localParts(new Date(), loc.timezone);
  return { ids, students, locationId, timezone: loc.timezone, location: loc.name, today: local.date, now: local.time };
}

/** A date an entry may have: today back to BACKDATE_DAYS days, never ahead. */
export function checkDate(t: Target, date: string): string | null {
  if (date > t.today) return 'An entry cannot be for a day ahead.';
  if (date < addDays(t.today, -BACKDATE_DAYS)) return `Entries go back ${BACKDATE_DAYS} days at most.`;
  return null;
}

/** A child on an entry, as the feeds show them. */
export interface ShownStudent {
  id: string;
  fname: string;
  lname: string;
}

/**
 * What an Activity field resolver gets: a stored row or an attendance / health row in its shape.
 * Its children come from the `students` loader (loaders.ts), one batch per request.
 */
export type ShownActivity = Omit<repo.ActivityRow, 'amount'> & {
  amount: number | null;
  source: 'activity' | 'attendance' | 'health';
  /** An attendance or health row's child. */
  student_ids?: string[];
  /** A child's feed shows only that child on a group entry. */
  only?: string[];
};

const pick = (s: repo.StudentName | undefined, id: string): ShownStudent =>
  s ? { id: String(s.id), fname: s.fname, lname: s.lname } : { id, fname: '', lname: '' };

/** Stored and derived rows as entries, in time order (no statement: children come from the loader). */
export function entries(rows: repo.ActivityRow[], derived: DerivedRow[] = [], only?: readonly string[]): ShownActivity[] {
  const stored: ShownActivity[] = rows.map((r) => ({
    ...r,
    amount: r.amount === null ? null : Number(r.amount),
    source: 'activity',
    ...(only ? { only: [...only] } : {}),
  }));
  const other: ShownActivity[] = derived.map((r) => ({
    ...EMPTY,
    photos: [],
    skills: [],
    ...r,
    amount: r.amount === null ? null : Number(r.amount),
    student_ids: [r.student_id],
    source: r.kind === 'health_check' ? 'health' : 'attendance',
  }));
  return [...stored, ...other].sort((x, y) => (x.date + x.time).localeCompare(y.date + y.time) || x.id.localeCompare(y.id));
}

/**
 * The children of entries, with their names: the stored entries' links (one statement) and every
 * child's name (one statement), whatever the number of entries.
 */
export async function studentsOfEntries(db: Knex | Knex.Transaction, list: readonly ShownActivity[]): Promise<ShownStudent[][]> {
  const kids = await repo.studentsOf(db, [...new Set(list.filter((a) => a.source === 'activity').map((a) => String(a.id)))]);
  const idsOf = (a: ShownActivity) =>
    a.source === 'activity' ? (kids.get(String(a.id)) ?? []).filter((i) => !a.only || a.only.includes(i)) : (a.student_ids ?? []);
  const names = await repo.studentNames(db, [...new Set(list.flatMap(idsOf))]);
  return list.map((a) => idsOf(a).map((i) => pick(names.get(i), i)));
}

const EMPTY = {
  title: null,
  photo: null,
  video: null,
  thumbnail: null,
  by: null,
  nap: null,
  observation: null,
  position: null,
  mood: null,
  custom: null,
  created_by: null,
  created_at: new Date(0),
  updated_at: new Date(0),
} as const;

type VisibleRow = Pick<repo.ActivityRow, 'id' | 'kind' | 'location_id' | 'staff_only' | 'status'> &
  Partial<Pick<repo.ActivityRow, 'photo' | 'video'>>;

/**
 * Whether guardians see the entry: approved, not staff-only and, for a photo or video entry, its
 * students-album row approved (the photos area's approval; consent is then per viewer).
 */
export async function visibleToGuardians(db: Knex | Knex.Transaction, row: VisibleRow): Promise<boolean> {
  if (row.staff_only || row.status !== 'approved') return false;
  const media = mediaOf(row);
  if (!MEDIA_OF[row.kind]) return true;
  return Boolean(media) && (await approvedPhotoIds(db, [media!])).has(media!);
}

/** `activity.saved` for an entry now visible to its children's guardians (the communication area notifies them). */
export async function emitSaved(trx: Knex.Transaction, centreId: string, row: VisibleRow, students: readonly string[]) {
  await emit(trx, 'activity.saved', {
    centreId,
    activity: String(row.id),
    kind: row.kind,
    students: students.map(String),
    location: String(row.location_id),
  });
}

/** `activity.saved` when the entry is visible to guardians now (approved, not staff-only, its media approved). */
export async function emitVisible(ctx: RequestContext, trx: Knex.Transaction, row: VisibleRow, students: readonly string[]) {
  if (!(await visibleToGuardians(trx, row))) return;
  await emitSaved(trx, ctx.tenant.id, row, students);
}
