import { gql } from '@urql/core';

export interface SidebarPermissionData {
  menu_name: string;
  roles: string[];
}

export const SidebarPermissionsQuery = gql<{ getSidebarPermissions: SidebarPermissionData[] }, Record<string, never>>`
  query AccessSidebarPermissions {
    getSidebarPermissions {
      menu_name
      roles
    }
  }
`;
