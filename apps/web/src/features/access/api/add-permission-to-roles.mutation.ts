import { gql } from '@urql/core';
import { RolesResultFields } from './roles-result.fragment';
import type {
  AccessAddPermissionToRolesMutation,
  AccessAddPermissionToRolesMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const AddPermissionToRolesMutation = gql<AccessAddPermissionToRolesMutation, AccessAddPermissionToRolesMutationVariables>`
  mutation AccessAddPermissionToRoles($permission: String!, $display_name: String, $roles: [String!]!) {
    addPermissionToRoles(permission: $permission, display_name: $display_name, roles: $roles) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
