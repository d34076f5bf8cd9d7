import { gql } from '@urql/core';
import { SESSION_USER_FIELDS, type SessionUserData } from './user.fragment';

export const MeQuery = gql<{ me: SessionUserData | null }, Record<string, never>>`
  query AuthMe {
    me {
      ...SessionUserFields
    }
  }
  ${SESSION_USER_FIELDS}
`;
