import { gql } from '@urql/core';

export interface CorrectAttendanceVars {
  id: string;
  /** YYYY-MM-DD HH:MM in the location's time zone; left out when unchanged. */
  start_time?: string | null;
  end_time?: string | null;
  reason: string;
}

export interface CorrectAttendanceData {
  updateStudentAttendance: {
    status: boolean;
    message: string;
    color: string;
    attendance: { id: string; start_time: string; end_time: string | null; hours: number } | null;
  };
}

/** A manager corrects a child's record; the reason goes to the record's audit trail. */
export const CorrectAttendanceMutation = gql<CorrectAttendanceData, CorrectAttendanceVars>`
  mutation AttendanceCorrectRecord($id: ID!, $start_time: String, $end_time: String, $reason: String!) {
    updateStudentAttendance(id: $id, start_time: $start_time, end_time: $end_time, reason: $reason) {
      status
      message
      color
      attendance {
        id
        start_time
        end_time
        hours
      }
    }
  }
`;
