import { gql } from '@urql/core';
import type { AccessSidebarPermissionsQuery, AccessSidebarPermissionsQueryVariables } from '../../../graphql/generated/tenant-api';

export interface SidebarPermissionData {
  menu_name: string;
  roles: string[];
}

export const SidebarPermissionsQuery = gql<AccessSidebarPermissionsQuery, AccessSidebarPermissionsQueryVariables>`
  query AccessSidebarPermissions {
    getSidebarPermissions {
      menu_name
      roles
    }
  }
`;
