import { gql } from '@urql/core';
import { RolesResultFields } from './roles-result.fragment';
import type {
  AccessReplaceRolePermissionsMutation,
  AccessReplaceRolePermissionsMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const ReplaceRolePermissionsMutation = gql<AccessReplaceRolePermissionsMutation, AccessReplaceRolePermissionsMutationVariables>`
  mutation AccessReplaceRolePermissions($role: String!, $permissions: [String!]!) {
    replaceRolePermissions(role: $role, permissions: $permissions) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
