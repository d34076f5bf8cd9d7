import { gql } from '@urql/core';
import { RolesResultFields } from './roles-result.fragment';
import type { AccessDeletePermissionMutation, AccessDeletePermissionMutationVariables } from '../../../graphql/generated/tenant-api';

export const DeletePermissionMutation = gql<AccessDeletePermissionMutation, AccessDeletePermissionMutationVariables>`
  mutation AccessDeletePermission($permission: String!) {
    deletePermission(permission: $permission) {
      ...RolesResultFields
    }
  }
  ${RolesResultFields}
`;
