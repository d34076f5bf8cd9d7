import { port } from '../../core/port.ts';

/**
 * Who is expected on a day (the student-schedules area owns the schedules and depends on this
 * area for absences), plugged in by modules/index.ts: SQL text the reminder job splices in.
 */
export const expectedAttendance = port<{
  expectedStudents(f: { date: string; programs?: string; location?: string }): string;
}>('attendance → student-schedules');
