import { gql } from '@urql/core';
import type {
  AttendanceCheckInQrCodeQuery,
  AttendanceCheckInQrCodeQueryVariables,
  AttendanceResetCheckInQrCodeMutation,
  AttendanceResetCheckInQrCodeMutationVariables,
  AttendanceValidateCheckInCodeQuery,
  AttendanceValidateCheckInCodeQueryVariables,
} from '../../../graphql/generated/tenant-api';

export interface CheckInQrCodeData {
  location_id: string;
  code: string;
  url: string;
  expires_at: string | null;
  rotates_every: number | null;
}

/** The rotating check-in QR code a location shows now (staff of the location). */
export const CheckInQrCodeQuery = gql<AttendanceCheckInQrCodeQuery, AttendanceCheckInQrCodeQueryVariables>`
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
export const ResetCheckInQrCodeMutation = gql<AttendanceResetCheckInQrCodeMutation, AttendanceResetCheckInQrCodeMutationVariables>`
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
export const ValidateCheckInCodeQuery = gql<AttendanceValidateCheckInCodeQuery, AttendanceValidateCheckInCodeQueryVariables>`
  query AttendanceValidateCheckInCode($code: String!) {
    validateCheckInCode(code: $code) {
      status
      message
      location_id
      location_name
    }
  }
`;
