import { gql } from '@urql/core';
import { CheckInChildFields, type CheckInChildData, type PaginatorInfoData } from './fragments';
import type { AttendanceStudentsDayQuery, AttendanceStudentsDayQueryVariables } from '../../../graphql/generated/tenant-api';

export type CheckInStatus = 'checked_in' | 'checked_out' | 'absent' | 'not_arrived';

export interface StudentsDayData {
  getStudentsAfterCheckInLocation: {
    data: CheckInChildData[];
    paginatorInfo: PaginatorInfoData;
    date: string;
    counts: { checked_in: number; checked_out: number; absent: number; not_arrived: number };
  };
}

export interface StudentsDayVars {
  location_id: string;
  /** YYYY-MM-DD (the location's); today when left out. */
  date?: string | null;
  program_id?: string | null;
  status?: CheckInStatus | null;
  search?: string | null;
  page?: number;
  first?: number;
}

export const StudentsDayQuery = gql<AttendanceStudentsDayQuery, AttendanceStudentsDayQueryVariables>`
  query AttendanceStudentsDay(
    $location_id: ID!
    $date: String
    $program_id: ID
    $status: CheckInStatus
    $search: String
    $page: Int
    $first: Int
  ) {
    getStudentsAfterCheckInLocation(
      location_id: $location_id
      date: $date
      program_id: $program_id
      status: $status
      search: $search
      page: $page
      first: $first
    ) {
      data {
        ...AttendanceCheckInChildFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      date
      counts {
        checked_in
        checked_out
        absent
        not_arrived
      }
    }
  }
  ${CheckInChildFields}
`;
