import { gql } from '@urql/core';

/** Kiosk: whose PIN this is (a family, or staff of the location, who may leave the kiosk). */
export const VerifyStaffPinQuery = gql<
  { verifyCheckInPin: { status: boolean; message: string; kind: string | null } },
  { location_id: string; pin: string }
>`
  query AttendanceVerifyPin($location_id: ID!, $pin: String!) {
    verifyCheckInPin(location_id: $location_id, pin: $pin) {
      status
      message
      kind
    }
  }
`;
