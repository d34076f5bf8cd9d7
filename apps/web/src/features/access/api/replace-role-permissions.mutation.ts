import { gql } from '@urql/core';
import { RolesResultFields, type RolesResultData } from './roles-result.fragment';

export const ReplaceRolePermissionsMutation = gql<{ replaceRolePermissions: RolesResultData }, { role: string; permissions: string[] }>`
  mutation AccessReplaceRolePermissions($role: String!, $permissions: [String!]!) {
    replaceRolePermissions(role: $role, permissions: $permissions) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
