/**
 * Immunization schedules as data (issue 20) and their evaluation, shared by the control plane
 * (which checks and freezes schedules) and the tenant API (which evaluates a child's doses).
 *
 * Ages and intervals are CDC CDSi durations written as text: `0 days`, `6 weeks`, `2 months`,
 * `4 years`, or a sum such as `1 year 6 months`. Date arithmetic follows CDSi: years and months
 * are added on the calendar (a day that does not exist, such as 31 February, becomes the first of
 * the next month), then weeks and days. A dose given up to GRACE_DAYS before its minimum age or
 * minimum interval still counts (CDSi's 4-day grace period).
 */
import { addDays } from './zoned-time.ts';

export const GRACE_DAYS = 4;
export const MAX_DOSES = 6;
export const IMMUNIZATION_KINDS = ['child', 'pet'] as const;
export type ImmunizationKind = (typeof IMMUNIZATION_KINDS)[number];

/** One dose of a series: when it may be given, when it should be, and how long it protects. */
export interface DoseRule {
  label: string;
  min_age: string;
  recommended_age: string;
  /** From the previous valid dose (ignored on dose 1). */
  min_interval: string | null;
  /** How long the dose protects; past it, the series is due again (rabies, Bordetella…). */
  booster_validity: string | null;
}

export interface ScheduleImmunization {
  code: string;
  name: string;
  kind: ImmunizationKind;
  is_required: boolean;
  doses: DoseRule[];
}

/** A frozen schedule version as the catalogue serves it. */
export interface ScheduleVersion {
  version: number;
  effective_from: string;
  source_url: string | null;
  note: string | null;
  immunizations: ScheduleImmunization[];
}

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
}

const PART = /(\d{1,3})\s*(year|month|week|day)s?/gy;

/** A CDSi duration (`6 weeks`, `1 year 6 months`); null when the text is not one. */
export function parseDuration(text: string): Duration | null {
  const s = text.trim().toLowerCase();
  if (!s) return null;
  const out: Duration = { years: 0, months: 0, weeks: 0, days: 0 };
  const seen = new Set<string>();
  PART.lastIndex = 0;
  let at = 0;
  while (at < s.length) {
    PART.lastIndex = at;
    const m = PART.exec(s);
    if (!m) return null;
    const unit = m[2]!;
    if (seen.has(unit)) return null;
    seen.add(unit);
    out[`${unit}s` as keyof Duration] = Number(m[1]);
    at = PART.lastIndex;
    while (s[at] === ' ' || s[at] === ',') at++;
  }
  return out;
}

export const isDuration = (text: string) => parseDuration(text) !== null;

/** `date` (YYYY-MM-DD) plus a duration, by CDSi's calendar rules. */
export function addDuration(date: string, text: string): string {
  const d = parseDuration(text);
  if (!d) throw new Error(`not a duration: ${text}`);
  const [y, mo, day] = date.split('-').map(Number) as [number, number, number];
  const months = mo - 1 + d.months + d.years * 12;
  const ty = y + Math.floor(months / 12);
  const tm = ((months % 12) + 12) % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const base = day > last ? new Date(Date.UTC(ty, tm + 1, 1)) : new Date(Date.UTC(ty, tm, day));
  const iso = base.toISOString().slice(0, 10);
  return addDays(iso, d.weeks * 7 + d.days);
}

export interface GivenDose {
  code: string;
  given_on: string;
}

export type DoseStatus = 'complete' | 'upcoming' | 'due' | 'overdue' | 'expired' | 'exempt';

export interface ImmunizationEvaluation {
  code: string;
  name: string;
  is_required: boolean;
  status: DoseStatus;
  /** Valid doses counted. */
  valid_doses: number;
  /** Doses given that do not count (too early, after the grace period). */
  invalid_dates: string[];
  /** The next dose (1-based), null when the series is complete. */
  next_dose: number | null;
  /** Earliest date the next dose counts, and the date it should be given by. */
  earliest: string | null;
  due_by: string | null;
  message: string;
}

/**
 * The rule of dose `index` (0-based): the series' own, then, when the last dose has a booster
 * validity, the last rule again for each booster (given at least its minimum interval after the
 * previous dose); null past a series without boosters.
 */
export function ruleFor(imm: Pick<ScheduleImmunization, 'doses'>, index: number): DoseRule | null {
  if (index < imm.doses.length) return imm.doses[index]!;
  const last = imm.doses[imm.doses.length - 1];
  return last?.booster_validity
    ? { ...last, label: 'Booster', min_age: '0 days', min_interval: last.min_interval ?? last.booster_validity }
    : null;
}

/** How many dose dates a record of this vaccine may hold (a booster series repeats up to MAX_DOSES). */
export const maxDosesOf = (imm: Pick<ScheduleImmunization, 'doses'>) =>
  imm.doses[imm.doses.length - 1]?.booster_validity ? MAX_DOSES : imm.doses.length;

/**
 * Evaluates a child's doses of every immunization of one schedule on a day: each dose in date
 * order counts when given at or after its minimum age and minimum interval (less the grace);
 * the next dose is upcoming before its earliest date, due until its recommended date, overdue
 * after; a complete series whose last dose's booster validity has passed is expired.
 */
export function evaluateSchedule(
  schedule: Pick<ScheduleVersion, 'immunizations'>,
  input: { birth_date: string; as_of: string; doses: readonly GivenDose[]; exempt: readonly string[] },
): ImmunizationEvaluation[] {
  return schedule.immunizations.map((imm) => {
    const base = { code: imm.code, name: imm.name, is_required: imm.is_required };
    if (input.exempt.includes(imm.code)) {
      return {
        ...base,
        status: 'exempt' as const,
        valid_doses: 0,
        invalid_dates: [],
        next_dose: null,
        earliest: null,
        due_by: null,
        message: 'Exempt',
      };
    }
    const given = input.doses
      .filter((d) => d.code === imm.code && d.given_on <= input.as_of)
      .map((d) => d.given_on)
      .sort();
    const valid: string[] = [];
    const invalid: string[] = [];
    for (const date of given) {
      const rule = ruleFor(imm, valid.length);
      if (!rule) break;
      let earliest = addDuration(input.birth_date, rule.min_age);
      const prev = valid[valid.length - 1];
      if (prev && rule.min_interval) {
        const byInterval = addDuration(prev, rule.min_interval);
        if (byInterval > earliest) earliest = byInterval;
      }
      if (date >= addDays(earliest, -GRACE_DAYS)) valid.push(date);
      else invalid.push(date);
    }
    const n = valid.length;
    if (n >= imm.doses.length) {
      const last = ruleFor(imm, n - 1)!;
      const lastDate = valid[valid.length - 1]!;
      if (last.booster_validity) {
        const until = addDuration(lastDate, last.booster_validity);
        if (until < input.as_of) {
          return {
            ...base,
            status: 'expired' as const,
            valid_doses: n,
            invalid_dates: invalid,
            next_dose: null,
            earliest: until,
            due_by: until,
            message: `Booster expired on ${until}`,
          };
        }
        return {
          ...base,
          status: 'complete' as const,
          valid_doses: n,
          invalid_dates: invalid,
          next_dose: null,
          earliest: null,
          due_by: until,
          message: `Complete, valid until ${until}`,
        };
      }
      return {
        ...base,
        status: 'complete' as const,
        valid_doses: n,
        invalid_dates: invalid,
        next_dose: null,
        earliest: null,
        due_by: null,
        message: 'Complete',
      };
    }
    const rule = imm.doses[n]!;
    let earliest = addDuration(input.birth_date, rule.min_age);
    const prev = valid[n - 1];
    if (prev && rule.min_interval) {
      const byInterval = addDuration(prev, rule.min_interval);
      if (byInterval > earliest) earliest = byInterval;
    }
    let dueBy = addDuration(input.birth_date, rule.recommended_age);
    if (dueBy < earliest) dueBy = earliest;
    const label = `Dose ${n + 1} (${rule.label})`;
    const status: DoseStatus = input.as_of < earliest ? 'upcoming' : input.as_of <= dueBy ? 'due' : 'overdue';
    const message =
      status === 'upcoming'
        ? `${label}: from ${earliest}`
        : status === 'due'
          ? `${label}: due by ${dueBy}`
          : `${label}: overdue since ${dueBy}`;
    return { ...base, status, valid_doses: n, invalid_dates: invalid, next_dose: n + 1, earliest, due_by: dueBy, message };
  });
}

/** The version in effect on a day: the latest whose effective_from is on or before it. */
export function versionOn<T extends { effective_from: string; version: number }>(versions: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const v of versions) if (v.effective_from <= day && (!best || v.effective_from > best.effective_from)) best = v;
  return best;
}
