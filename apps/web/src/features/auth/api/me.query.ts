import { gql } from '@urql/core';
import { SessionUserFields, type SessionUserData } from './user.fragment';

export const MeQuery = gql<{ me: SessionUserData | null }, Record<string, never>>`
  query AuthMe {
    me {
      ...SessionUserFields
    }
  }
  ${SessionUserFields}
`;
