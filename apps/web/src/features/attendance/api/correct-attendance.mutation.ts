import { gql } from '@urql/core';
import type {
  AttendanceCorrectRecordMutation,
  AttendanceCorrectRecordMutationVariables,
  AttendanceCreateRecordMutation,
  AttendanceCreateRecordMutationVariables,
  AttendanceDeleteRecordMutation,
  AttendanceDeleteRecordMutationVariables,
} from '../../../graphql/generated/tenant-api';

export interface CorrectAttendanceVars {
  id: string;
  /** YYYY-MM-DD HH:MM in the location's time zone; left out when unchanged. */
  start_time?: string | null;
  end_time?: string | null;
  /** Another room of the location (a move); left out when unchanged. */
  program_id?: string | null;
  reason: string;
}

/** A manager corrects a child's record (times, room); the reason goes to the record's audit trail. */
export const CorrectAttendanceMutation = gql<AttendanceCorrectRecordMutation, AttendanceCorrectRecordMutationVariables>`
  mutation AttendanceCorrectRecord($id: ID!, $start_time: String, $end_time: String, $program_id: ID, $reason: String!) {
    updateStudentAttendance(id: $id, start_time: $start_time, end_time: $end_time, program_id: $program_id, reason: $reason) {
      status
      message
      color
      attendance {
        id
        program_id
        start_time
        end_time
        hours
      }
    }
  }
`;

/** A manager adds a record missed at the door (times in the location's zone; room default the homeroom). */
export const CreateAttendanceMutation = gql<AttendanceCreateRecordMutation, AttendanceCreateRecordMutationVariables>`
  mutation AttendanceCreateRecord($student_id: ID!, $start_time: String!, $end_time: String, $program_id: ID, $reason: String!) {
    createStudentAttendance(
      student_id: $student_id
      start_time: $start_time
      end_time: $end_time
      program_id: $program_id
      reason: $reason
    ) {
      status
      message
      color
      attendance {
        id
        program_id
        start_time
        end_time
        hours
      }
    }
  }
`;

/** A manager deletes a record; it stays in the audit trail with the reason. */
export const DeleteAttendanceMutation = gql<AttendanceDeleteRecordMutation, AttendanceDeleteRecordMutationVariables>`
  mutation AttendanceDeleteRecord($id: ID!, $reason: String!) {
    deleteStudentAttendance(id: $id, reason: $reason) {
      status
      message
      color
    }
  }
`;
