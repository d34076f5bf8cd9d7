import { gql } from '@urql/core';

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

export const LocationCountersQuery = gql<{ getLocationCounters: LocationCountersData }, { location_id: string }>`
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
