import type { Knex } from 'knex';
import type { RequestContext } from '../../types.ts';
import { port } from '../../core/port.ts';

type Db = Knex | Knex.Transaction;

/** Tags, allergies and medications (the tags area keeps the lists). */
export type LabelKind = 'tag' | 'allergy' | 'medication';

/**
 * What students need of the areas that depend on them (people link contacts to children, the tags
 * area assigns labels to them), plugged in by modules/index.ts.
 */
export const studentLabels = port<{
  /** Labels of one kind by id (those that exist). */
  findLabels(db: Db, kind: LabelKind, ids: readonly string[]): Promise<{ id: string }[]>;
  /** Replaces a student's labels of one kind. */
  setLabelsOf(db: Db, kind: LabelKind, owner: 'student', ownerId: string, ids: readonly string[]): Promise<void>;
}>('students → tags');

export const studentPeople = port<{
  /** People by id within the viewer's people scope (contacts of a student). */
  contactsInScope(ctx: RequestContext, ids: readonly string[]): Promise<{ id: string }[]>;
  /** One person by id (a guardian's User). */
  person(db: Db, id: string): Promise<Record<string, unknown> | undefined>;
  /** The people counters of the dashboards within the viewer's people scope. */
  peopleCounters(ctx: RequestContext, locationId: string | null): Promise<Record<string, unknown>>;
}>('students → users');

/** The child's weekdays from today (the student-schedules area keeps the schedules). */
export const studentSchedule = port<{
  setWeekSchedule(
    trx: Knex.Transaction,
    who: { studentId: string; locationId: string; programId: string | null; by: string },
    weekdays: readonly string[],
  ): Promise<void>;
}>('students → student-schedules');
