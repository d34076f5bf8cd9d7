import { gql } from '@urql/core';
import { StudentRowFields, type ResultTriple, type StudentRow } from './fragments';

export const GenerateStudentQrCodeMutation = gql<
  { generateStudentQrCode: ResultTriple & { student_id: string; code: string; expires_at: string } },
  { student_id: string; days?: number | null }
>`
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

export const AddStudentByQrCodeMutation = gql<{ addStudentByQrCode: ResultTriple & { student: StudentRow | null } }, { code: string }>`
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
