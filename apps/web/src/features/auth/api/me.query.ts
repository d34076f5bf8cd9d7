import { gql } from '@urql/core';
import { SESSION_USER_FIELDS } from './user.fragment';
import type { AuthMeQuery, AuthMeQueryVariables } from '../../../graphql/generated/tenant-api';

export const MeQuery = gql<AuthMeQuery, AuthMeQueryVariables>`
  query AuthMe {
    me {
      ...SessionUserFields
    }
  }
  ${SESSION_USER_FIELDS}
`;
