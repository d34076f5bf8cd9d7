import type { GapKind } from '../documents/index.ts';
import { storedVersionOn } from './catalogue.ts';
import { evaluateChild, isGap } from './service/immunizations.ts';
import * as repo from './repo.ts';

/**
 * The compliance gaps' `dose` kind: required vaccines a child is overdue on (or whose booster
 * expired) under the schedule version in effect today, from the centre's stored copy of it (no
 * platform call inside a gap sync). The gap's source is the vaccine (`immunization_vaccines`).
 */
export const doseGaps: GapKind = {
  kind: 'dose',
  async gaps(db, students, today) {
    if (!students.length) return [];
    const version = await storedVersionOn(db, today);
    if (!version) return [];
    const ids = students.map((s) => String(s.id));
    const [children, records, vaccines] = await Promise.all([
      db('students').whereIn('id', ids).select('id', db.raw("to_char(dob, 'YYYY-MM-DD') as dob"), 'created_at'),
      repo.recordsOf(db, ids),
      repo.vaccineIds(db),
    ]);
    return children.flatMap((c) =>
      evaluateChild(version, c, records.get(String(c.id)) ?? [], today)
        .filter((e) => isGap(e) && vaccines.has(e.code))
        .map((e) => ({
          kind: 'dose',
          source_id: vaccines.get(e.code)!,
          name: e.status === 'expired' ? `${e.name} booster` : `${e.name} dose ${e.next_dose}`,
          reason: e.status === 'expired' ? ('expired' as const) : ('missing' as const),
          student_id: String(c.id),
        })),
    );
  },
};
