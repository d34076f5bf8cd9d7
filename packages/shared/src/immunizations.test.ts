import { describe, expect, it } from 'vitest';
import { addDuration, evaluateSchedule, parseDuration, ruleFor, versionOn, type ScheduleImmunization } from './immunizations.ts';
import { US_SCHEDULE_V1, US_SCHEDULE_V2, US_SCHEDULES } from './immunization-schedules.ts';

const mmr = US_SCHEDULE_V2.immunizations.find((i) => i.code === 'MMR')!;
const one = (imm: ScheduleImmunization, birth: string, asOf: string, dates: string[]) =>
  evaluateSchedule(
    { immunizations: [imm] },
    { birth_date: birth, as_of: asOf, doses: dates.map((given_on) => ({ code: imm.code, given_on })), exempt: [] },
  )[0]!;

describe('CDSi durations', () => {
  it('parses sums of units and refuses anything else', () => {
    expect(parseDuration('1 year 6 months')).toEqual({ years: 1, months: 6, weeks: 0, days: 0 });
    expect(parseDuration('6 weeks')).toEqual({ years: 0, months: 0, weeks: 6, days: 0 });
    for (const bad of ['', 'soon', '6', '2 months 3 months', 'weeks 6']) expect(parseDuration(bad), bad).toBeNull();
  });
  it('adds months on the calendar; a day that does not exist is the first of the next month', () => {
    expect(addDuration('2025-01-31', '1 month')).toBe('2025-03-01');
    expect(addDuration('2024-02-29', '1 year')).toBe('2025-03-01');
    expect(addDuration('2025-11-12', '2 months')).toBe('2026-01-12');
    expect(addDuration('2025-11-12', '6 weeks')).toBe('2025-12-24');
  });
});

describe('evaluating doses', () => {
  it('counts a dose up to 4 days before its minimum age (grace), not 5', () => {
    expect(one(mmr, '2024-01-10', '2025-06-01', ['2025-01-06'])).toMatchObject({ valid_doses: 1, invalid_dates: [] });
    expect(one(mmr, '2024-01-10', '2025-06-01', ['2025-01-05'])).toMatchObject({
      valid_doses: 0,
      invalid_dates: ['2025-01-05'],
      status: 'overdue',
    });
  });
  it('upcoming before the earliest date, due until the recommended one, overdue after', () => {
    expect(one(mmr, '2025-06-01', '2026-01-01', []).status).toBe('upcoming');
    expect(one(mmr, '2025-06-01', '2026-07-01', []).status).toBe('due');
    expect(one(mmr, '2025-06-01', '2026-09-02', [])).toMatchObject({ status: 'overdue', due_by: '2026-09-01' });
  });
  it('a booster series repeats its last rule and expires when the last dose lapses', () => {
    const bordetella = US_SCHEDULE_V2.immunizations.find((i) => i.code === 'Bordetella')!;
    expect(ruleFor(bordetella, 3)?.label).toBe('Booster');
    expect(one(bordetella, '2020-01-01', '2026-06-01', ['2024-01-01', '2025-01-01'])).toMatchObject({ status: 'expired', valid_doses: 2 });
    expect(one(bordetella, '2020-01-01', '2026-06-01', ['2024-01-01', '2025-09-01'])).toMatchObject({
      status: 'complete',
      due_by: '2026-09-01',
    });
  });
  it('the hepatitis B birth dose: version 1 until 2025-12-04, version 2 from 2025-12-05', () => {
    expect(versionOn(US_SCHEDULES, '2025-12-04')).toBe(US_SCHEDULE_V1);
    expect(versionOn(US_SCHEDULES, '2025-12-05')).toBe(US_SCHEDULE_V2);
    const v1 = US_SCHEDULE_V1.immunizations.find((i) => i.code === 'HepB')!;
    const v2 = US_SCHEDULE_V2.immunizations.find((i) => i.code === 'HepB')!;
    expect(one(v1, '2025-11-12', '2025-11-20', []).message).toBe('Dose 1 (Birth): overdue since 2025-11-12');
    expect(one(v2, '2025-11-12', '2025-12-20', [])).toMatchObject({ status: 'due', due_by: '2026-01-12' });
  });
});
