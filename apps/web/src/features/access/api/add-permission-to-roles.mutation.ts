import { gql } from '@urql/core';
import { RolesResultFields, type RolesResultData } from './roles-result.fragment';

export const AddPermissionToRolesMutation = gql<
  { addPermissionToRoles: RolesResultData },
  { permission: string; display_name?: string | null; roles: string[] }
>`
  mutation AccessAddPermissionToRoles($permission: String!, $display_name: String, $roles: [String!]!) {
    addPermissionToRoles(permission: $permission, display_name: $display_name, roles: $roles) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
