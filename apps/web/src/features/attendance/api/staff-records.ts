import { gql } from '@urql/core';
import type { PersonData } from './fragments';
import type {
  AttendanceDeleteTeamRecordMutation,
  AttendanceDeleteTeamRecordMutationVariables,
  AttendanceTimeclockHistoryQuery,
  AttendanceTimeclockHistoryQueryVariables,
  AttendanceTimeclockReportQuery,
  AttendanceTimeclockReportQueryVariables,
  AttendanceUpdateTeamRecordMutation,
  AttendanceUpdateTeamRecordMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** One clock-in segment of a staff member (a room move starts a new one). */
export interface StaffRecordData {
  id: string;
  user_id: string;
  user: PersonData | null;
  program_id: string | null;
  program: { id: string; name: string } | null;
  date: string;
  start_time: string;
  end_time: string | null;
  break_time: number;
  hours: number;
  on_break: boolean;
  check_in_method: string;
}

export interface StaffRangeVars {
  location_id: string;
  from: string;
  to: string;
  user_ids?: string[] | null;
  program_id?: string | null;
  page?: number;
  first?: number;
}

const RECORD_FIELDS = `
  id
  user_id
  user {
    id
    full_name
  }
  program_id
  program {
    id
    name
  }
  date
  start_time
  end_time
  break_time
  hours
  on_break
  check_in_method
`;

/** The punches themselves over a range, newest first (managers: the team; other staff: their own). */
export const TimeclockHistoryQuery = gql<AttendanceTimeclockHistoryQuery, AttendanceTimeclockHistoryQueryVariables>`
  query AttendanceTimeclockHistory($location_id: ID!, $from: String!, $to: String!, $user_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getTimeclockHistory(location_id: $location_id, from: $from, to: $to, user_ids: $user_ids, program_id: $program_id, page: $page, first: $first) {
      data {
        ${RECORD_FIELDS}
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

export interface TimeclockRowData {
  user_id: string;
  user: PersonData;
  date: string;
  hours: number;
  break_minutes: number;
  first_in_local: string | null;
  last_out_local: string | null;
  open: boolean;
}

/** Hours per staff member and local day (split at midnight), breaks deducted. */
export const TimeclockReportQuery = gql<AttendanceTimeclockReportQuery, AttendanceTimeclockReportQueryVariables>`
  query AttendanceTimeclockReport(
    $location_id: ID!
    $from: String!
    $to: String!
    $user_ids: [ID!]
    $program_id: ID
    $page: Int
    $first: Int
  ) {
    getTimeclockReport(
      location_id: $location_id
      from: $from
      to: $to
      user_ids: $user_ids
      program_id: $program_id
      page: $page
      first: $first
    ) {
      data {
        user_id
        user {
          id
          full_name
        }
        date
        hours
        break_minutes
        first_in_local
        last_out_local
        open
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      total_hours
    }
  }
`;

/** A manager corrects a staff record (times at the location, room, break minutes) with a reason. */
export const UpdateTeamAttendanceMutation = gql<AttendanceUpdateTeamRecordMutation, AttendanceUpdateTeamRecordMutationVariables>`
  mutation AttendanceUpdateTeamRecord(
    $id: ID!
    $start_time: String
    $end_time: String
    $program_id: ID
    $break_time: Int
    $reason: String!
  ) {
    updateTeamAttendance(
      id: $id
      start_time: $start_time
      end_time: $end_time
      program_id: $program_id
      break_time: $break_time
      reason: $reason
    ) {
      status
      message
      color
      record {
        id
      }
    }
  }
`;

/** A manager deletes a staff record; it stays in the audit trail with the reason. */
export const DeleteTeamAttendanceMutation = gql<AttendanceDeleteTeamRecordMutation, AttendanceDeleteTeamRecordMutationVariables>`
  mutation AttendanceDeleteTeamRecord($id: ID!, $reason: String!) {
    deleteTeamAttendance(id: $id, reason: $reason) {
      status
      message
      color
    }
  }
`;
