import { gql } from '@urql/core';
import { HealthQuestionFields } from './fragments';
import type {
  AttendanceDeleteHealthQuestionMutation,
  AttendanceDeleteHealthQuestionMutationVariables,
  AttendanceHealthQuestionnaireQuery,
  AttendanceHealthQuestionnaireQueryVariables,
  AttendanceHealthScreensQuery,
  AttendanceHealthScreensQueryVariables,
  AttendanceSaveHealthQuestionMutation,
  AttendanceSaveHealthQuestionMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const HealthQuestionnaireQuery = gql<AttendanceHealthQuestionnaireQuery, AttendanceHealthQuestionnaireQueryVariables>`
  query AttendanceHealthQuestionnaire($location_id: ID!) {
    getHealthQuestionnaire(location_id: $location_id) {
      ...AttendanceHealthQuestionFields
    }
  }
  ${HealthQuestionFields}
`;

export interface SaveHealthQuestionVars {
  id?: string | null;
  location_id?: string | null;
  statement: string;
  pass_answer?: boolean;
}

export const SaveHealthQuestionMutation = gql<AttendanceSaveHealthQuestionMutation, AttendanceSaveHealthQuestionMutationVariables>`
  mutation AttendanceSaveHealthQuestion($id: ID, $location_id: ID, $statement: String!, $pass_answer: Boolean) {
    saveHealthQuestionnaire(id: $id, location_id: $location_id, statement: $statement, pass_answer: $pass_answer) {
      status
      message
      color
      question {
        ...AttendanceHealthQuestionFields
      }
    }
  }
  ${HealthQuestionFields}
`;

export const DeleteHealthQuestionMutation = gql<AttendanceDeleteHealthQuestionMutation, AttendanceDeleteHealthQuestionMutationVariables>`
  mutation AttendanceDeleteHealthQuestion($id: ID!) {
    deleteHealthQuestionnaire(id: $id) {
      status
      message
      color
    }
  }
`;

export interface HealthScreenData {
  id: string;
  student_id: string;
  fname: string;
  lname: string;
  date: string;
  passed: boolean;
  created_at: string;
  answers: { question_id: string; statement: string; answer: boolean; passed: boolean }[];
}

export const HealthScreensQuery = gql<AttendanceHealthScreensQuery, AttendanceHealthScreensQueryVariables>`
  query AttendanceHealthScreens($location_id: ID!, $date: String, $passed: Boolean, $page: Int, $first: Int) {
    getHealthScreens(location_id: $location_id, date: $date, passed: $passed, page: $page, first: $first) {
      data {
        id
        student_id
        fname
        lname
        date
        passed
        created_at
        answers {
          question_id
          statement
          answer
          passed
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;
