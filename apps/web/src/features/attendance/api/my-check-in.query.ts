import { gql } from '@urql/core';
import { CheckInChildFields, HealthQuestionFields, type CheckInChildData, type HealthQuestionData } from './fragments';
import type { AttendanceMyCheckInQuery, AttendanceMyCheckInQueryVariables } from '../../../graphql/generated/tenant-api';

export interface ParentCheckInData {
  location_id: string;
  location_name: string;
  children: CheckInChildData[];
  parent_check_in: boolean;
  qr_required: boolean;
  signature_required: boolean;
  health_screen: boolean;
  questions: HealthQuestionData[];
}

/** The parent's own children they may pick up, per location, and what a phone check-in asks there. */
export const MyCheckInQuery = gql<AttendanceMyCheckInQuery, AttendanceMyCheckInQueryVariables>`
  query AttendanceMyCheckIn {
    getMyCheckIn {
      location_id
      location_name
      children {
        ...AttendanceCheckInChildFields
      }
      parent_check_in
      qr_required
      signature_required
      health_screen
      questions {
        ...AttendanceHealthQuestionFields
      }
    }
  }
  ${CheckInChildFields}
  ${HealthQuestionFields}
`;
