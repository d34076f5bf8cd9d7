import { gql } from '@urql/core';
import type { AttendanceLocationInfoQuery, AttendanceLocationInfoQueryVariables } from '../../../graphql/generated/tenant-api';

export interface LocationInfoData {
  id: string;
  name: string;
  timezone: { id: string };
  rooms: { id: string; name: string; color_code: string | null }[];
}

/** The current location's time zone (every time is shown in it) and its rooms (filters). */
export const LocationInfoQuery = gql<AttendanceLocationInfoQuery, AttendanceLocationInfoQueryVariables>`
  query AttendanceLocationInfo($id: ID!) {
    location(id: $id) {
      id
      name
      timezone {
        id
      }
      rooms {
        id
        name
        color_code
      }
    }
  }
`;
