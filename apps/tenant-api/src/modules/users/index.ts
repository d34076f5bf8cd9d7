import { sdl, type TenantModule } from '../../core/module.ts';
import { userResolvers } from './resolvers.ts';
import { userLoaders } from './loaders.ts';

/** People: contacts and staff, invitations, accounts, reports. */
export const usersModule: TenantModule = { name: 'users', schema: sdl(import.meta.url), resolvers: userResolvers, loaders: userLoaders };

// What other modules (and the app around them) may use:
export { areaOf, assertMayEditPerson, userManageScope, userScopeOf, userWriteScope } from './policy.ts';
export {
  addMemberLocations,
  emailTaken,
  findPeople,
  peopleCounters,
  insertPerson,
  roleNamesOf,
  setManagedLocations,
  setMemberLocations,
  setRoles,
  setTeacherPrograms,
  updatePeople,
  upsertSettings,
} from './repo.ts';
export type { AuditLogRow, InvitationRow, LoginHistoryRow } from './repo.ts';
export { settingOf } from './service/account.ts';
export { auditPerson, email, personDetails, personName, phone } from './service/common.ts';
export { sendInvitation } from './service/invite.ts';
