import { gql } from '@urql/core';

interface AbsenceResultData {
  status: boolean;
  message: string;
  color: string;
}

export const MarkAbsentMutation = gql<{ markStudentsAbsent: AbsenceResultData }, { students: string[]; reason?: string | null }>`
  mutation AttendanceMarkAbsent($students: [ID!]!, $reason: String) {
    markStudentsAbsent(students: $students, reason: $reason) {
      status
      message
      color
    }
  }
`;

export const RemoveAbsenceMutation = gql<{ removeStudentAbsence: AbsenceResultData }, { students: string[] }>`
  mutation AttendanceRemoveAbsence($students: [ID!]!) {
    removeStudentAbsence(students: $students) {
      status
      message
      color
    }
  }
`;
