import { gql } from '@urql/core';
import type {
  AccessUpdateSidebarPermissionMutation,
  AccessUpdateSidebarPermissionMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const UpdateSidebarPermissionMutation = gql<AccessUpdateSidebarPermissionMutation, AccessUpdateSidebarPermissionMutationVariables>`
  mutation AccessUpdateSidebarPermission($menu_name: String!, $roles: [String!]!) {
    updateSidebarPermission(menu_name: $menu_name, roles: $roles) {
      status
      message
      color
    }
  }
`;
