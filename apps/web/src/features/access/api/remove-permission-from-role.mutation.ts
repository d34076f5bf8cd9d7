import { gql } from '@urql/core';
import { RolesResultFields } from './roles-result.fragment';
import type {
  AccessRemovePermissionFromRoleMutation,
  AccessRemovePermissionFromRoleMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const RemovePermissionFromRoleMutation = gql<
  AccessRemovePermissionFromRoleMutation,
  AccessRemovePermissionFromRoleMutationVariables
>`
  mutation AccessRemovePermissionFromRole($role: String!, $permission: String!) {
    removePermissionFromRole(role: $role, permission: $permission) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
