import { gql } from '@urql/core';
import { RolesResultFields, type RolesResultData } from './roles-result.fragment';

export const DeletePermissionMutation = gql<{ deletePermission: RolesResultData }, { permission: string }>`
  mutation AccessDeletePermission($permission: String!) {
    deletePermission(permission: $permission) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
