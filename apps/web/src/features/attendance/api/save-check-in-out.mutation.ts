import { gql } from '@urql/core';
import type { AttendanceSaveCheckInOutMutation, AttendanceSaveCheckInOutMutationVariables } from '../../../graphql/generated/tenant-api';

export interface HealthScreenInput {
  student_id: string;
  answers: { question_id: string; answer: boolean }[];
}

export interface SaveCheckInOutVars {
  students: string[];
  action?: 'check_in' | 'check_out' | null;
  signature?: string | null;
  pin?: string | null;
  phone?: string | null;
  code?: string | null;
  program_id?: string | null;
  health_screen?: HealthScreenInput[] | null;
  request_id: string;
}

/** Spec §7 saveStudentCheckInOut: one or several children; request_id makes a retry answer the first result. */
export const SaveCheckInOutMutation = gql<AttendanceSaveCheckInOutMutation, AttendanceSaveCheckInOutMutationVariables>`
  mutation AttendanceSaveCheckInOut(
    $students: [ID!]!
    $action: CheckInAction
    $signature: String
    $pin: String
    $phone: String
    $code: String
    $program_id: ID
    $health_screen: [HealthScreenInput!]
    $request_id: String
  ) {
    saveStudentCheckInOut(
      students: $students
      action: $action
      signature: $signature
      pin: $pin
      phone: $phone
      code: $code
      program_id: $program_id
      health_screen: $health_screen
      request_id: $request_id
    ) {
      status
      message
      color
      type
      program_status
      results {
        student_id
        status
        type
        message
        replayed
        student {
          full_name
        }
      }
    }
  }
`;
