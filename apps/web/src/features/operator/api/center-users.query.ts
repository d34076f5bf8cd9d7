import { gql } from '@urql/core';
import type { OperatorCenterUsersQuery, OperatorCenterUsersQueryVariables } from '../../../graphql/generated/control-plane';

export interface CenterUserData {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
  role: string | null;
}

export const CenterUsersQuery = gql<OperatorCenterUsersQuery, OperatorCenterUsersQueryVariables>`
  query OperatorCenterUsers($center_id: ID!, $search: String, $first: Int) {
    getCenterUsers(center_id: $center_id, search: $search, first: $first) {
      data {
        id
        name
        username
        email
        role
      }
      paginatorInfo {
        total
      }
    }
  }
`;
