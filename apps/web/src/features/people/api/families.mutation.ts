import { gql } from '@urql/core';
import { StudentRowFields } from './fragments';
import type {
  PeopleAddStudentByQrCodeMutation,
  PeopleAddStudentByQrCodeMutationVariables,
  PeopleGenerateStudentQrCodeMutation,
  PeopleGenerateStudentQrCodeMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const GenerateStudentQrCodeMutation = gql<PeopleGenerateStudentQrCodeMutation, PeopleGenerateStudentQrCodeMutationVariables>`
  mutation PeopleGenerateStudentQrCode($student_id: ID!, $days: Int) {
    generateStudentQrCode(student_id: $student_id, days: $days) {
      status
      message
      color
      student_id
      code
      expires_at
    }
  }
`;

export const AddStudentByQrCodeMutation = gql<PeopleAddStudentByQrCodeMutation, PeopleAddStudentByQrCodeMutationVariables>`
  mutation PeopleAddStudentByQrCode($code: String!) {
    addStudentByQrCode(code: $code) {
      status
      message
      color
      student {
        ...PeopleStudentRowFields
      }
    }
  }
  ${StudentRowFields}
`;
