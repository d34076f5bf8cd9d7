import { gql } from '@urql/core';
import type * as G from '../../../graphql/generated/tenant-api';

export type StudentImmunizationsData = G.StudentImmunizationsQuery['getStudentImmunizations'];
export type StudentImmunizationItem = StudentImmunizationsData['items'][number];

export const StudentImmunizationsQuery = gql<G.StudentImmunizationsQuery, G.StudentImmunizationsQueryVariables>`
  query StudentImmunizations($student_id: ID!, $as_of: String) {
    getStudentImmunizations(student_id: $student_id, as_of: $as_of) {
      student_id
      as_of
      evaluation_id
      evaluated_on
      schedule_version
      effective_from
      gaps
      items {
        code
        name
        is_required
        doses
        valid_doses
        invalid_dates
        status
        message
        next_dose
        earliest
        due_by
        exemption_reason
        exemption_file_id
        note
        immunization {
          id
          kind
          doses {
            number
            label
          }
        }
      }
      history {
        id
        evaluated_on
        schedule_version
        gaps
        created_at
      }
    }
  }
`;

export const SaveStudentImmunizationMutation = gql<G.SaveStudentImmunizationMutation, G.SaveStudentImmunizationMutationVariables>`
  mutation SaveStudentImmunization($student_id: ID!, $code: String!, $doses: [String!]!, $note: String) {
    saveStudentImmunization(student_id: $student_id, code: $code, doses: $doses, note: $note) {
      status
      message
      color
      immunizations {
        evaluation_id
        gaps
      }
    }
  }
`;

export const ExportStudentComplianceMutation = gql<G.ExportStudentComplianceMutation, G.ExportStudentComplianceMutationVariables>`
  mutation ExportStudentCompliance($student_id: ID!) {
    exportStudentCompliance(student_id: $student_id) {
      status
      message
      color
      export {
        id
        status
        progress
      }
    }
  }
`;

export const ComplianceExportQuery = gql<G.ComplianceExportQuery, G.ComplianceExportQueryVariables>`
  query ComplianceExport($id: ID!) {
    getComplianceExport(id: $id) {
      id
      status
      progress
      entries
      url
      expires_at
      failure
    }
  }
`;
