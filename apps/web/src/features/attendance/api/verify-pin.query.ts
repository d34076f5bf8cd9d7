import { gql } from '@urql/core';
import type { AttendanceVerifyPinQuery, AttendanceVerifyPinQueryVariables } from '../../../graphql/generated/tenant-api';

/** Kiosk: whose PIN this is (a family, or staff of the location, who may leave the kiosk). */
export const VerifyStaffPinQuery = gql<AttendanceVerifyPinQuery, AttendanceVerifyPinQueryVariables>`
  query AttendanceVerifyPin($location_id: ID!, $pin: String!) {
    verifyCheckInPin(location_id: $location_id, pin: $pin) {
      status
      message
      kind
    }
  }
`;
