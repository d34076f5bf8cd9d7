import { MAX_URL_SECONDS } from '@kv/files';
import {
  addDays,
  addDuration,
  evaluateSchedule,
  localParts,
  maxDosesOf,
  ruleFor,
  US_SCHEDULES,
  versionOn,
  type GivenDose,
  type ScheduleImmunization,
} from '@kv/shared';
import { acceptedAudit, checkAndStore, purposeOf, rulesOf, storeImmunizationVersions, syncGaps } from '@kv/tenant-api';
import { auditRow, insertMany, type SeedStep } from '../context.ts';
import { textPdf } from '../text-pdf.ts';

const WITH_GAP = 10;
const EXEMPT = 2;


/**
 * Doses as a family that keeps to the schedule would have them: each dose a few days around its
 * recommended age (never before its minimum age or interval), boosters before the last one lapses;
 * a record keeps the series and its latest boosters (at most six dates).
 */
function dosesOf(imm: ScheduleImmunization, dob: string, today: string, jitter: () => number): string[] {
  const out: string[] = [];
  for (let k = 0; k < 40; k++) {
    const rule = ruleFor(imm, k);
    if (!rule) break;
    const prev = out[out.length - 1];
    let earliest = addDuration(dob, rule.min_age);
    if (prev && rule.min_interval) {
      const byInterval = addDuration(prev, rule.min_interval);
      if (byInterval > earliest) earliest = byInterval;
    }
    let target = k < imm.doses.length ? addDuration(dob, rule.recommended_age) : addDays(addDuration(prev!, rule.booster_validity!), -20);
    if (target < earliest) target = earliest;
    let given = addDays(target, -jitter());
    if (given < earliest) given = earliest;
    if (given > today) break;
    out.push(given);
  }
  const keep = maxDosesOf(imm);
  return out.length > keep ? [...out.slice(0, imm.doses.length), ...out.slice(out.length - (keep - imm.doses.length))] : out;
}

/**
 * Immunizations (issue 20): the platform's US schedule versions stored as the centre reads them
 * through the channel (child care the child vaccines, pet care rabies, DHPP and Bordetella), doses
 * for every active child, ten children behind on a required vaccine (one of them the demo parent's
 * youngest, for the journey), two exempt with their document (a `document` upload through the
 * files service's check), audit rows as the service writes them, then the dose gaps opened as the
 * service opens them (`syncGaps`; the demo parent's children's are left to the journeys).
 */
export const immunizationsStep: SeedStep = {
  name: 'immunizations',
  async run({ trx, def, faker, now, centre, files, locations, children, ownerId }) {
    if (!files || !centre.id) throw new Error('immunizations need the file store and the centre id (SeedOptions.files, centre.id)');
    const centreId = centre.id;
    const kind = def.kind === 'petcare' ? 'pet' : 'child';
    await storeImmunizationVersions(trx, US_SCHEDULES, kind);
    const locs = await locations();
    const zoneOf = new Map(locs.map((l) => [l.id, l.timezone]));
    const kids = (await children()).filter((c) => c.status && !c.archived);
    const dobs = new Map(
      (
        await trx('students')
          .whereIn(
            'id',
            kids.map((k) => k.id),
          )
          .select('id', trx.raw("to_char(coalesce(dob, created_at::date), 'YYYY-MM-DD') as dob"))
      ).map((r) => [String(r.id), r.dob as string]),
    );
    const demoParent = (await trx('users').where({ username: 'parent' }).first('id'))?.id;
    const guardians: { student_id: string; user_id: string }[] = await trx('student_users')
      .whereIn(
        'student_id',
        kids.map((k) => k.id),
      )
      .where('black_list', false)
      .select('student_id', 'user_id');
    const demoKids = new Set(
      guardians.filter((g) => demoParent && String(g.user_id) === String(demoParent)).map((g) => String(g.student_id)),
    );
    const guardianOf = new Map<string, string>();
    for (const g of guardians) if (!guardianOf.has(String(g.student_id))) guardianOf.set(String(g.student_id), String(g.user_id));
    const todayOf = (loc: string) => localParts(now, zoneOf.get(loc) || 'UTC').date;
    const jitter = () => faker.number.int({ min: 0, max: 6 });

    type Rec = {
      student_id: string;
      code: string;
      doses: string[];
      exempt: boolean;
      exemption_reason: string | null;
      exemption_file_id: string | null;
      note: string | null;
    };
    const records: Rec[] = [];
    const versionAt = (day: string) => {
      const v = versionOn(US_SCHEDULES, day)!;
      return { ...v, immunizations: v.immunizations.filter((i) => i.kind === kind) };
    };
    const gapsOf = (kid: string, recs: Rec[]) => {
      const today = todayOf(kids.find((k) => k.id === kid)!.location_id);
      const doses: GivenDose[] = recs.flatMap((r) => r.doses.map((given_on) => ({ code: r.code, given_on })));
      return evaluateSchedule(versionAt(today), {
        birth_date: dobs.get(kid)!,
        as_of: today,
        doses,
        exempt: recs.filter((r) => r.exempt).map((r) => r.code),
      }).filter((e) => e.is_required && (e.status === 'overdue' || e.status === 'expired'));
    };
    const byKid = new Map<string, Rec[]>();
    for (const k of kids) {
      const today = todayOf(k.location_id);
      const dob = dobs.get(k.id)!;
      const recs: Rec[] = [];
      for (const imm of versionAt(today).immunizations) {
        if (!imm.is_required && !faker.datatype.boolean({ probability: 0.6 })) continue;
        const doses = dosesOf(imm, dob, today, jitter);
        if (doses.length)
          recs.push({
            student_id: k.id,
            code: imm.code,
            doses,
            exempt: false,
            exemption_reason: null,
            exemption_file_id: null,
            note: null,
          });
      }
      byKid.set(k.id, recs);
    }

    // Ten children behind on one required vaccine: the demo parent's youngest first (the journey records it).
    const demoYoungest = [...demoKids].sort((a, b) => (dobs.get(b)! < dobs.get(a)! ? -1 : 1))[0];
    const pool = [
      ...(demoYoungest ? [demoYoungest] : []),
      ...faker.helpers.shuffle(kids.filter((k) => !demoKids.has(k.id)).map((k) => k.id)),
    ];
    const behind = new Set<string>();
    for (const kid of pool) {
      if (behind.size >= WITH_GAP) break;
      const recs = byKid.get(kid)!;
      for (const r of faker.helpers.shuffle(recs.filter((x) => x.doses.length))) {
        const trimmed = recs.map((x) => (x === r ? { ...x, doses: x.doses.slice(0, -1) } : x));
        if (gapsOf(kid, trimmed).length > gapsOf(kid, recs).length) {
          byKid.set(
            kid,
            trimmed.filter((x) => x.doses.length),
          );
          behind.add(kid);
          break;
        }
      }
    }

    // Two exempt children, each with the exemption letter a guardian uploaded.
    const exemptCode = kind === 'pet' ? 'Bordetella' : 'VAR';
    const exempt = faker.helpers
      .shuffle(kids.filter((k) => !demoKids.has(k.id) && !behind.has(k.id) && guardianOf.has(k.id)))
      .slice(0, EXEMPT);
    const rules = await rulesOf(trx, purposeOf('document')!);
    const fileRows: Record<string, unknown>[] = [];
    for (const [i, k] of exempt.entries()) {
      const id = faker.string.uuid();
      const reason = i === 0 ? 'medical' : 'religious';
      const bytes = textPdf(`${reason === 'medical' ? 'Medical' : 'Religious'} exemption: ${exemptCode} for ${k.fname} ${k.lname}`, 16);
      const checked = await checkAndStore(files, centreId, id, 'document', bytes, 'application/pdf', rules);
      if (!checked.ok) throw new Error(`exemption letter refused: ${checked.reason}`);
      const at = new Date(now.getTime() - (20 + i) * 86_400_000);
      fileRows.push({
        id,
        purpose: 'document',
        owner_id: k.location_id,
        ...checked.ready,
        original_name: `${exemptCode.toLowerCase()}-exemption.pdf`,
        declared_type: 'application/pdf',
        declared_size: bytes.length,
        uploaded_by: guardianOf.get(k.id)!,
        upload_expires_at: new Date(at.getTime() + MAX_URL_SECONDS * 1000),
        checked_at: new Date(at.getTime() + 2000),
        created_at: at,
        updated_at: new Date(at.getTime() + 2000),
      });
      const recs = (byKid.get(k.id) ?? []).filter((r) => r.code !== exemptCode);
      recs.push({
        student_id: k.id,
        code: exemptCode,
        doses: [],
        exempt: true,
        exemption_reason: reason,
        exemption_file_id: id,
        note: reason === 'medical' ? 'Signed by the family doctor.' : null,
      });
      byKid.set(k.id, recs);
    }
    await insertMany(trx, 'files', fileRows);

    for (const recs of byKid.values()) records.push(...recs);
    const owner = await ownerId();
    await insertMany(
      trx,
      'student_immunizations',
      records.map((r) => ({ ...r, updated_by: guardianOf.get(r.student_id) ?? owner })),
    );
    await insertMany(trx, 'audit_log', [
      ...fileRows.map((r) =>
        auditRow({ ...acceptedAudit(r as unknown as Parameters<typeof acceptedAudit>[0]), created_at: r.checked_at as Date }),
      ),
      ...records.map((r) =>
        auditRow({
          action: 'immunizations.save',
          entity: 'student',
          entity_id: r.student_id,
          location_id: kids.find((k) => k.id === r.student_id)!.location_id,
          actor_user_id: guardianOf.get(r.student_id) ?? null,
          data: { code: r.code, doses: r.doses, exempt: r.exempt },
        }),
      ),
    ]);

    let gaps = 0;
    for (const l of locs) {
      const students = kids.filter((k) => k.location_id === l.id && !demoKids.has(k.id)).map((k) => k.id);
      gaps += (await syncGaps(trx, centreId, { students }, localParts(now, l.timezone).date)).opened;
    }
    return `${records.length} vaccine records for ${kids.length} children, ${behind.size} behind, ${exempt.length} exempt, ${gaps} gaps opened`;
  },
};
