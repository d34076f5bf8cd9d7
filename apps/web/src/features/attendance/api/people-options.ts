import { gql } from '@urql/core';
import type {
  AttendanceChildOptionsQuery,
  AttendanceChildOptionsQueryVariables,
  AttendanceStaffOptionsQuery,
  AttendanceStaffOptionsQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** Active staff of a location matching a search (the report filters' options). */
export const StaffOptionsQuery = gql<AttendanceStaffOptionsQuery, AttendanceStaffOptionsQueryVariables>`
  query AttendanceStaffOptions($location_id: ID, $search: String) {
    getTeamList(location_id: $location_id, status: true, search: $search, first: 50) {
      data {
        id
        full_name
      }
    }
  }
`;

/** Children of a location matching a search (the report filters' options). */
export const ChildOptionsQuery = gql<AttendanceChildOptionsQuery, AttendanceChildOptionsQueryVariables>`
  query AttendanceChildOptions($location_id: ID, $search: String) {
    students(location_id: $location_id, search: $search, first: 50) {
      data {
        id
        full_name
      }
    }
  }
`;
