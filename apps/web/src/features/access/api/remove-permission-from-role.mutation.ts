import { gql } from '@urql/core';
import { RolesResultFields, type RolesResultData } from './roles-result.fragment';

export const RemovePermissionFromRoleMutation = gql<{ removePermissionFromRole: RolesResultData }, { role: string; permission: string }>`
  mutation AccessRemovePermissionFromRole($role: String!, $permission: String!) {
    removePermissionFromRole(role: $role, permission: $permission) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
