import { gql } from '@urql/core';
import type { AccessRolesQuery, AccessRolesQueryVariables } from '../../../graphql/generated/tenant-api';

export const RolesQuery = gql<AccessRolesQuery, AccessRolesQueryVariables>`
  query AccessRoles {
    roles {
      id
      name
      display_name
    }
  }
`;
