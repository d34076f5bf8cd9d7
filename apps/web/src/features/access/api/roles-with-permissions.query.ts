import { gql } from '@urql/core';
import type { AccessRolesWithPermissionsQuery, AccessRolesWithPermissionsQueryVariables } from '../../../graphql/generated/tenant-api';

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

export const RolesWithPermissionsQuery = gql<AccessRolesWithPermissionsQuery, AccessRolesWithPermissionsQueryVariables>`
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
