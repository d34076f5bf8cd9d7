import { z } from '../../../lib/zod';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleDateSchema = z
  .object({
    day: z.enum(DAYS, { message: 'setup:validation.day' }),
    start_time: z.string().regex(TIME, 'setup:validation.time'),
    end_time: z.string().regex(TIME, 'setup:validation.time'),
  })
  .refine((d) => d.end_time > d.start_time, { message: 'setup:validation.endAfterStart', path: ['end_time'] });

/** Ranges of one day may not overlap (the server says the same). */
export const scheduleDatesSchema = z.array(scheduleDateSchema).superRefine((dates, ctx) => {
  for (let i = 0; i < dates.length; i++) {
    for (let j = i + 1; j < dates.length; j++) {
      const a = dates[i]!;
      const b = dates[j]!;
      if (a.day === b.day && a.start_time < b.end_time && b.start_time < a.end_time) {
        ctx.addIssue({ code: 'custom', message: 'setup:validation.overlap', path: [j, 'start_time'] });
      }
    }
  }
});

export type ScheduleDateValue = z.infer<typeof scheduleDateSchema>;

export const emptyDate = (): ScheduleDateValue => ({ day: 'monday', start_time: '08:00', end_time: '17:00' });

/** Strips ids the server sends back. */
export function toDateInputs(dates: readonly { day: string; start_time: string; end_time: string }[]): ScheduleDateValue[] {
  return dates.map((d) => ({
    day: d.day as ScheduleDateValue['day'],
    start_time: d.start_time.slice(0, 5),
    end_time: d.end_time.slice(0, 5),
  }));
}
