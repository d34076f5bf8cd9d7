import { sdl, type TenantModule } from '../../core/module.ts';
import { studentResolvers } from './resolvers.ts';
import { studentLoaders } from './loaders.ts';

/** Children: records, scopes, contacts (guardians), siblings, lifecycle. */
export const studentsModule: TenantModule = {
  name: 'students',
  schema: sdl(import.meta.url),
  resolvers: studentResolvers,
  loaders: studentLoaders,
};

// What other modules (and the app around them) may use:
export { contactNotFound, parentEditOff, roomNotInLocation } from './errors.ts';
export {
  applyScope,
  birthdayStudents,
  claimStudentCode,
  findStudents,
  idsInScope,
  insertStudent,
  insertStudentCode,
  upsertPivots,
} from './repo.ts';
export {
  assertLabels,
  assertParentMayEdit,
  assertRooms,
  auditStudent,
  parentEditRights,
  pivotRow,
  studentInScope,
  studentUserInput,
  studentsInScope,
} from './service/common.ts';
export type { ShownStudent } from './service/common.ts';
export { assertCapacity, studentEditor } from './service/write.ts';
export { studentLabels, studentPeople, studentSchedule } from './ports.ts';
