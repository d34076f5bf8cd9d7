import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as read from './service/read.ts';
import * as write from './service/write.ts';
import * as life from './service/lifecycle.ts';
import * as rel from './service/relations.ts';
import { iso } from '../../core/result.ts';
import type { ShownStudent } from './service/common.ts';
import type { PivotRow } from './repo.ts';

type Args = Record<string, unknown>;

/** A field resolver that hands the arguments to a service, its answer's type kept for the generated types. */
const r =
  <T>(svc: (ctx: RequestContext, args: Args) => T) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    svc(ctx, args);

/** "3 years 2 months" from a YYYY-MM-DD birthday. */
export function ageOf(dob: string | null | undefined, now = new Date()): string | null {
  if (!dob || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return null;
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
  if (now.getUTCDate() < d) months--;
  if (months < 0) return null;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (years === 0) return part(rest, 'month');
  return rest ? `${part(years, 'year')} ${part(rest, 'month')}` : part(years, 'year');
}

const isPivot = (v: unknown): v is PivotRow => typeof v === 'object' && v !== null && 'student_id' in v && 'user_id' in v;

/** Medical fields only on rows the viewer reached through their scope. */
const medical = (key: 'doctor_name' | 'doctor_phone') => (s: ShownStudent) => (s.__scoped ? (s[key] ?? null) : null);

export const studentResolvers: Resolvers = {
  Query: {
    students: r(read.students),
    student: r(read.student),
    paginateStudents: r(read.paginateStudents),
    getAdminStudents: r(read.staffStudents),
    getManagerStudents: r(read.staffStudents),
    getTeacherStudents: r(read.staffStudents),
    getLeadStudents: r(read.getLeadStudents),
    getActiveStudents: r(read.getActiveStudents),
    getLocationStudentByName: r(read.getLocationStudentByName),
    studentsFilterByPrograms: r(read.studentsFilterByPrograms),
    programsAndTagStudent: r(read.programsAndTagStudent),
    getStudentByIdsForMessage: r(read.getStudentByIdsForMessage),
    getStudentSettingData: r(read.getStudentSettingData),
    getArchivedList: r(read.getArchivedList),
    getSiblings: r(read.getSiblings),
    getBirthdays: r(read.getBirthdays),
    getAdminBirthdays: r(read.staffBirthdays),
    getManagerBirthdays: r(read.staffBirthdays),
    getTeacherBirthdays: r(read.staffBirthdays),
    getAdminCounters: r(read.counters),
    getManagerCounters: r(read.counters),
    getTeacherCounters: r(read.counters),
  },
  Mutation: {
    createNewStudent: r(write.createNewStudent),
    createStudent: r(write.createNewStudent),
    updateNewStudent: r(write.updateNewStudent),
    updateStudent: r(write.updateNewStudent),
    saveStudentName: r(write.saveStudentName),
    saveStudentGender: r(write.saveStudentGender),
    saveStudentEthnicity: r(write.saveStudentEthnicity),
    saveStudentAddress: r(write.saveStudentAddress),
    updateStudentStatus: r(life.updateStudentStatus),
    bulkUpdateStudentStatus: r(life.bulkUpdateStudentStatus),
    deleteStudent: r(life.deleteStudent),
    restoreArchived: r(life.restoreArchived),
    forceDeleteArchived: r(life.forceDeleteArchived),
    transferStudents: r(life.transferStudents),
    transferPrograms: r(life.transferPrograms),
    updateStudentRooms: r(life.updateStudentRooms),
    addSibling: r(rel.addSibling),
    removeSibling: r(rel.removeSibling),
    updateSibling: r(rel.updateSibling),
    addGuardian: r(rel.addGuardian),
    removeGuardian: r(rel.removeGuardian),
    attachUserToStudent: r(rel.addGuardian),
    detachUserFromStudent: r(rel.removeGuardian),
    createStudentUser: r(rel.addGuardian),
    updateStudentUser: r(rel.updateStudentUser),
    deleteStudentUser: r(rel.removeGuardian),
    assignUsersToStudent: r(rel.assignUsersToStudent),
    updatePickup: r(rel.updatePickup),
    updateIsPayer: r(rel.updateIsPayer),
    toggleUserAlert: r(rel.toggleUserAlert),
    toggleWatchCamera: r(rel.toggleWatchCamera),
    blackListUser: r(rel.blackListUser),
    assignStudentCameras: r(rel.assignStudentCameras),
  },
  Student: {
    full_name: (s) => [s.fname, s.middle_name, s.lname].filter(Boolean).join(' '),
    age: (s) => ageOf(s.dob),
    doctor_name: medical('doctor_name'),
    doctor_phone: medical('doctor_phone'),
    drname: medical('doctor_name'),
    drphone: medical('doctor_phone'),
    pivot: (s) => s.__pivot ?? null,
    archived_at: (s) => iso(s.deleted_at),
    created_at: (s) => iso(s.created_at),
    updated_at: (s) => iso(s.updated_at),
  },
  User: {
    // User rows are the access area's UserRow (open-ended); the students loader sets __pivot beside a student.
    pivot: (u) => (isPivot(u.__pivot) ? u.__pivot : null),
  },
};
