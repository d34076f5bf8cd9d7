import { gql } from '@urql/core';
import { CheckInChildFields, HealthQuestionFields, type CheckInChildData, type HealthQuestionData } from './fragments';
import type {
  AttendanceFamilyByPinAndPhoneQuery,
  AttendanceFamilyByPinAndPhoneQueryVariables,
  AttendanceFamilyByPinQuery,
  AttendanceFamilyByPinQueryVariables,
} from '../../../graphql/generated/tenant-api';

export interface CheckInFamilyData {
  status: boolean;
  message: string;
  location_id: string;
  contact: { id: string; fname: string; full_name: string };
  children: CheckInChildData[];
  health_screen: boolean;
  questions: HealthQuestionData[];
  signature_required: boolean;
}

const FamilyFields = gql`
  fragment AttendanceFamilyFields on CheckInFamily {
    status
    message
    location_id
    contact {
      id
      fname
      full_name
    }
    children {
      ...AttendanceCheckInChildFields
    }
    health_screen
    questions {
      ...AttendanceHealthQuestionFields
    }
    signature_required
  }
  ${CheckInChildFields}
  ${HealthQuestionFields}
`;

/** Kiosk: the family holding a PIN (a staff session of the location). */
export const FamilyByPinQuery = gql<AttendanceFamilyByPinQuery, AttendanceFamilyByPinQueryVariables>`
  query AttendanceFamilyByPin($location_id: ID!, $pin: String!) {
    getCheckInByPin(location_id: $location_id, pin: $pin) {
      ...AttendanceFamilyFields
    }
  }
  ${FamilyFields}
`;

/** Kiosk: the family holding a PIN, confirmed by the phone (or its last 4 digits). */
export const FamilyByPinAndPhoneQuery = gql<AttendanceFamilyByPinAndPhoneQuery, AttendanceFamilyByPinAndPhoneQueryVariables>`
  query AttendanceFamilyByPinAndPhone($location_id: ID!, $pin: String!, $phone: String!) {
    getCheckInByPinAndPhone(location_id: $location_id, pin: $pin, phone: $phone) {
      ...AttendanceFamilyFields
    }
  }
  ${FamilyFields}
`;
