import { port } from '../../core/port.ts';

/**
 * Who is expected on a day (the student-schedules area, which depends on attendance and so on
 * this area), plugged in by modules/index.ts: SQL text the forecast splices into its one statement.
 */
export const ratioExpected = port<{
  expectedStudents(f: { date: string; programs?: string; location?: string }): string;
}>('ratios → student-schedules');
