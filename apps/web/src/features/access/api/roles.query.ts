import { gql } from '@urql/core';

export const RolesQuery = gql<{ roles: { id: string; name: string; display_name: string }[] }, Record<string, never>>`
  query AccessRoles {
    roles {
      id
      name
      display_name
    }
  }
`;
