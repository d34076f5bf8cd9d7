import { gql } from '@urql/core';
import type {
  AttendanceMarkAbsentMutation,
  AttendanceMarkAbsentMutationVariables,
  AttendanceRemoveAbsenceMutation,
  AttendanceRemoveAbsenceMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const MarkAbsentMutation = gql<AttendanceMarkAbsentMutation, AttendanceMarkAbsentMutationVariables>`
  mutation AttendanceMarkAbsent($students: [ID!]!, $reason: String) {
    markStudentsAbsent(students: $students, reason: $reason) {
      status
      message
      color
    }
  }
`;

export const RemoveAbsenceMutation = gql<AttendanceRemoveAbsenceMutation, AttendanceRemoveAbsenceMutationVariables>`
  mutation AttendanceRemoveAbsence($students: [ID!]!) {
    removeStudentAbsence(students: $students) {
      status
      message
      color
    }
  }
`;
