import { gql } from '@urql/core';

export interface CheckInQrCodeData {
  location_id: string;
  code: string;
  url: string;
  expires_at: string | null;
  rotates_every: number | null;
}

/** The rotating check-in QR code a location shows now (staff of the location). */
export const CheckInQrCodeQuery = gql<{ getCheckInQrCode: CheckInQrCodeData }, { location_id: string }>`
  query AttendanceCheckInQrCode($location_id: ID!) {
    getCheckInQrCode(location_id: $location_id) {
      location_id
      code
      url
      expires_at
      rotates_every
    }
  }
`;

/** A new secret for the location's code: every earlier code stops working (managers). */
export const ResetCheckInQrCodeMutation = gql<
  { resetCheckInQrCode: { status: boolean; message: string; color: string } },
  { location_id: string }
>`
  mutation AttendanceResetCheckInQrCode($location_id: ID!) {
    resetCheckInQrCode(location_id: $location_id) {
      status
      message
      color
    }
  }
`;

export interface CheckInCodeData {
  status: boolean;
  message: string;
  location_id: string;
  location_name: string;
}

/** A scanned check-in code: valid now, and at which location (parents). */
export const ValidateCheckInCodeQuery = gql<{ validateCheckInCode: CheckInCodeData }, { code: string }>`
  query AttendanceValidateCheckInCode($code: String!) {
    validateCheckInCode(code: $code) {
      status
      message
      location_id
      location_name
    }
  }
`;
