import { z } from '../../../lib/zod';

/** The API's local stamp: `YYYY-MM-DD HH:MM` in the location's time zone. */
const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** A real calendar day and clock time in the `YYYY-MM-DD HH:MM` shape. */
export function isLocalStamp(value: string): boolean {
  const m = STAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

export interface CorrectionStart {
  /** The record's check-in and check-out as local stamps (check-out blank while the child is still in). */
  start_time: string;
  end_time: string;
  /** The room of the record (blank when it has none). */
  program_id?: string;
  /** Staff records: minutes of break, corrected too (left out for children's records). */
  break_time?: string;
}

/**
 * A manager's correction of one record, or a missed record added (`creating`); messages are i18n
 * keys: local stamps, the check-out after the check-in, a check-out that cannot be cleared once
 * recorded, break minutes 0 to 720 (staff records), something changed (a correction), and a reason
 * (3 to 300 characters, as the server asks).
 */
export function correctionSchema(initial: CorrectionStart, creating = false) {
  return z
    .object({
      start_time: z.string().trim().min(1, 'attendance:correct.errors.startRequired'),
      end_time: z.string().trim(),
      program_id: z.string(),
      break_time: z.string().trim().optional(),
      reason: z.string().trim().min(3, 'attendance:correct.errors.reasonShort').max(300, 'attendance:correct.errors.reasonLong'),
    })
    .superRefine((v, ctx) => {
      const startOk = isLocalStamp(v.start_time);
      const endOk = v.end_time === '' || isLocalStamp(v.end_time);
      if (v.start_time && !startOk) ctx.addIssue({ code: 'custom', path: ['start_time'], message: 'attendance:correct.errors.stamp' });
      if (!endOk) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'attendance:correct.errors.stamp' });
      if (initial.end_time && v.end_time === '')
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'attendance:correct.errors.endRequired' });
      if (startOk && endOk && v.end_time && v.end_time < v.start_time)
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'attendance:correct.errors.endBeforeStart' });
      const withBreak = initial.break_time !== undefined;
      if (withBreak && !(/^\d{1,3}$/.test(v.break_time ?? '') && Number(v.break_time) <= 720))
        ctx.addIssue({ code: 'custom', path: ['break_time'], message: 'attendance:correct.errors.breakMinutes' });
      if (
        !creating &&
        v.start_time === initial.start_time &&
        v.end_time === initial.end_time &&
        v.program_id === (initial.program_id ?? '') &&
        (!withBreak || Number(v.break_time) === Number(initial.break_time))
      )
        ctx.addIssue({ code: 'custom', path: ['start_time'], message: 'attendance:correct.errors.unchanged' });
    });
}

export type CorrectionValues = z.infer<ReturnType<typeof correctionSchema>>;

export interface CorrectionChanges {
  start_time: string | null;
  end_time: string | null;
  program_id: string | null;
  /** Staff records only: the corrected break minutes (left out when unchanged). */
  break_time?: number | null;
}

/** What to send: only what changed (the server audits each changed value). */
export function correctionChanges(initial: CorrectionStart, values: CorrectionValues): CorrectionChanges {
  const changes: CorrectionChanges = {
    start_time: values.start_time !== initial.start_time ? values.start_time : null,
    end_time: values.end_time && values.end_time !== initial.end_time ? values.end_time : null,
    program_id: values.program_id && values.program_id !== (initial.program_id ?? '') ? values.program_id : null,
  };
  if (initial.break_time !== undefined) {
    const minutes = Number(values.break_time);
    changes.break_time = minutes !== Number(initial.break_time) ? minutes : null;
  }
  return changes;
}
