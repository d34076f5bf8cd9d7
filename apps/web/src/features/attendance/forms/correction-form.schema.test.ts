import { describe, expect, it } from 'vitest';
import { correctionChanges, correctionSchema, isLocalStamp, type CorrectionStart } from './correction-form.schema';

const closed = { start_time: '2026-03-02 08:00', end_time: '2026-03-02 16:30', program_id: '7' };
const open = { start_time: '2026-03-02 08:00', end_time: '', program_id: '7' };

function messages(initial: CorrectionStart, values: Record<string, string>, creating = false): Record<string, string> {
  const result = correctionSchema(initial, creating).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('a manager’s attendance correction', () => {
  it('knows real local stamps', () => {
    expect(isLocalStamp('2026-03-02 08:00')).toBe(true);
    expect(isLocalStamp('2026-02-30 08:00')).toBe(false);
    expect(isLocalStamp('2026-03-02 24:00')).toBe(false);
    expect(isLocalStamp('2026-03-02T08:00')).toBe(false);
    expect(isLocalStamp('03/02/2026 8:00 AM')).toBe(false);
  });

  it('accepts a changed check-out with a reason', () => {
    expect(messages(closed, { ...closed, end_time: '2026-03-02 17:15', reason: 'Picked up late' })).toEqual({});
    expect(messages(open, { ...open, end_time: '2026-03-02 17:15', reason: 'Forgot to check out' })).toEqual({});
  });

  it('needs a reason of 3 to 300 characters', () => {
    expect(messages(closed, { ...closed, end_time: '2026-03-02 17:15', reason: '  ' })).toEqual({
      reason: 'attendance:correct.errors.reasonShort',
    });
    expect(messages(closed, { ...closed, end_time: '2026-03-02 17:15', reason: 'x'.repeat(301) })).toEqual({
      reason: 'attendance:correct.errors.reasonLong',
    });
  });

  it('refuses bad stamps, a check-out before the check-in, a cleared check-out and no change', () => {
    expect(messages(closed, { ...closed, start_time: '2026-02-30 08:00', reason: 'Typo' })).toEqual({
      start_time: 'attendance:correct.errors.stamp',
    });
    expect(messages(closed, { ...closed, end_time: '2026-03-02 07:00', reason: 'Typo' })).toEqual({
      end_time: 'attendance:correct.errors.endBeforeStart',
    });
    expect(messages(closed, { ...closed, end_time: '', reason: 'Typo' })).toEqual({ end_time: 'attendance:correct.errors.endRequired' });
    expect(messages(closed, { ...closed, reason: 'Nothing' })).toEqual({ start_time: 'attendance:correct.errors.unchanged' });
    expect(messages(closed, { start_time: '', end_time: closed.end_time, reason: 'Typo' })).toMatchObject({
      start_time: 'attendance:correct.errors.startRequired',
    });
  });

  it('sends only the times that changed', () => {
    expect(correctionChanges(closed, { ...closed, end_time: '2026-03-02 17:15', reason: 'Late' })).toEqual({
      start_time: null,
      end_time: '2026-03-02 17:15',
      program_id: null,
    });
    expect(correctionChanges(open, { start_time: '2026-03-02 07:45', end_time: '', program_id: '7', reason: 'Early' })).toEqual({
      start_time: '2026-03-02 07:45',
      end_time: null,
      program_id: null,
    });
  });

  it('moves a record to another room as a change of its own', () => {
    const moved = { ...closed, program_id: '9', reason: 'Was in the toddler room' };
    expect(messages(closed, moved)).toEqual({});
    expect(correctionChanges(closed, moved)).toEqual({ start_time: null, end_time: null, program_id: '9' });
  });

  it('adds a missed record: no "unchanged" check, the check-in still required', () => {
    const missed = { start_time: '2026-03-02 08:00', end_time: '', program_id: '' };
    expect(messages(missed, { ...missed, end_time: '2026-03-02 15:00', reason: 'Missed at the door' }, true)).toEqual({});
    expect(messages(missed, { ...missed, start_time: '', reason: 'Missed at the door' }, true)).toMatchObject({
      start_time: 'attendance:correct.errors.startRequired',
    });
  });

  describe('of a staff record (break minutes too)', () => {
    const staff = { ...closed, break_time: '30' };

    it('sends a changed break alone, as a number', () => {
      const values = { ...staff, break_time: '45', reason: 'Long lunch' };
      expect(messages(staff, values)).toEqual({});
      expect(correctionChanges(staff, values)).toEqual({ start_time: null, end_time: null, program_id: null, break_time: 45 });
    });

    it('leaves the break out when it did not change', () => {
      const values = { ...staff, end_time: '2026-03-02 17:00', reason: 'Forgot to clock out' };
      expect(correctionChanges(staff, values)).toEqual({
        start_time: null,
        end_time: '2026-03-02 17:00',
        program_id: null,
        break_time: null,
      });
    });

    it('refuses break minutes that are not whole, negative or over 720, and an unchanged record', () => {
      for (const bad of ['', '-5', '12.5', '721', 'half'])
        expect(messages(staff, { ...staff, break_time: bad, reason: 'Typo' })).toMatchObject({
          break_time: 'attendance:correct.errors.breakMinutes',
        });
      expect(messages(staff, { ...staff, break_time: '030', reason: 'Typo' })).toEqual({
        start_time: 'attendance:correct.errors.unchanged',
      });
    });

    it('has no break for children’s records', () => {
      expect('break_time' in correctionChanges(closed, { ...closed, end_time: '2026-03-02 17:00', reason: 'Late' })).toBe(false);
    });
  });
});
