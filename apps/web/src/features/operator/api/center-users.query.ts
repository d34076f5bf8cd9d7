import { gql } from '@urql/core';

export interface CenterUserData {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
  role: string | null;
}

export const CenterUsersQuery = gql<
  { getCenterUsers: { data: CenterUserData[]; paginatorInfo: { total: number } } },
  { center_id: string; search?: string | null; first?: number }
>`
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
