import { gql } from '@urql/core';
import type { DashboardLocationCountersQuery, DashboardLocationCountersQueryVariables } from '../../../graphql/generated/tenant-api';

export interface LocationCountersData {
  invited: number;
  pending: number;
  students: number;
  users: number;
  programs: number;
  managers: number;
  teachers: number;
  waitlist: number;
}

export const LocationCountersQuery = gql<DashboardLocationCountersQuery, DashboardLocationCountersQueryVariables>`
  query DashboardLocationCounters($location_id: ID!) {
    getLocationCounters(location_id: $location_id) {
      invited
      pending
      students
      users
      programs
      managers
      teachers
      waitlist
    }
  }
`;
