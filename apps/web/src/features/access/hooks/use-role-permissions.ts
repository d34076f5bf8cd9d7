import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { AddPermissionToRolesMutation } from '../api/add-permission-to-roles.mutation';
import { DeletePermissionMutation } from '../api/delete-permission.mutation';
import { RemovePermissionFromRoleMutation } from '../api/remove-permission-from-role.mutation';
import { ReplaceRolePermissionsMutation } from '../api/replace-role-permissions.mutation';
import type { RolesResultData } from '../api/roles-result.fragment';

/** The permission calls, each showing the server's notice; they resolve to true on success. */
export function useRolePermissions() {
  const { t } = useTranslation(['access', 'common']);
  const [add, addPermission] = useMutation(AddPermissionToRolesMutation);
  const [replace, replacePermissions] = useMutation(ReplaceRolePermissionsMutation);
  const [remove, removePermission] = useMutation(RemovePermissionFromRoleMutation);
  const [del, deletePermission] = useMutation(DeletePermissionMutation);

  const finish = (error: Parameters<typeof reportMutationError>[0], payload: RolesResultData | undefined): boolean => {
    if (reportMutationError(error, t)) return false;
    if (!payload) return false;
    showNotice(payload);
    return payload.status;
  };

  return {
    busy: add.fetching || replace.fetching || remove.fetching || del.fetching,
    async addToRoles(permission: string, roles: string[], displayName?: string) {
      const r = await addPermission({ permission, roles, display_name: displayName || null });
      return finish(r.error, r.data?.addPermissionToRoles);
    },
    async replaceForRole(role: string, permissions: string[]) {
      const r = await replacePermissions({ role, permissions });
      return finish(r.error, r.data?.replaceRolePermissions);
    },
    async removeFromRole(role: string, permission: string) {
      const r = await removePermission({ role, permission });
      return finish(r.error, r.data?.removePermissionFromRole);
    },
    async deleteEverywhere(permission: string) {
      const r = await deletePermission({ permission });
      return finish(r.error, r.data?.deletePermission);
    },
  };
}
