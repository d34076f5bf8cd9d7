import { gql } from '@urql/core';

export interface PermissionData {
  id: string;
  name: string;
  display_name: string;
}

export interface RoleData {
  id: string;
  name: string;
  display_name: string;
  permissions: PermissionData[];
}

export const RolesWithPermissionsQuery = gql<{ getRolesWithPermissions: RoleData[]; permissions: PermissionData[] }, Record<string, never>>`
  query AccessRolesWithPermissions {
    getRolesWithPermissions {
      id
      name
      display_name
      permissions {
        id
        name
        display_name
      }
    }
    permissions {
      id
      name
      display_name
    }
  }
`;
