import { gql } from '@urql/core';
import { ImportFields, type ImportData, type ResultTriple } from './fragments';
import type {
  PeopleAdvanceMatchMutation,
  PeopleAdvanceMatchMutationVariables,
  PeopleAdvanceSaveMutation,
  PeopleAdvanceSaveMutationVariables,
  PeopleAdvanceUploadMutation,
  PeopleAdvanceUploadMutationVariables,
  PeopleConfirmImportMutation,
  PeopleConfirmImportMutationVariables,
  PeopleExportRosterMutation,
  PeopleExportRosterMutationVariables,
  PeopleExternalRosterMutation,
  PeopleExternalRosterMutationVariables,
  PeopleProcareImportMutation,
  PeopleProcareImportMutationVariables,
  PeopleProcareStaffSaveMutation,
  PeopleProcareStaffSaveMutationVariables,
  PeopleProcareStaffStageMutation,
  PeopleProcareStaffStageMutationVariables,
  PeopleUploadStudentsCsvMutation,
  PeopleUploadStudentsCsvMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type ImportResultData = ResultTriple & { import: ImportData | null };

const RESULT = `
  status
  message
  color
  import {
    ...PeopleImportFields
  }
`;

export const UploadStudentsCsvMutation = gql<PeopleUploadStudentsCsvMutation, PeopleUploadStudentsCsvMutationVariables>`
  mutation PeopleUploadStudentsCsv($location_id: ID!, $csv: String!) {
    uploadStudentsCsv(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareImportMutation = gql<PeopleProcareImportMutation, PeopleProcareImportMutationVariables>`
  mutation PeopleProcareImport($location_id: ID!, $csv: String!) {
    procareImport(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareStaffStageMutation = gql<PeopleProcareStaffStageMutation, PeopleProcareStaffStageMutationVariables>`
  mutation PeopleProcareStaffStage($location_id: ID!, $csv: String!) {
    saveTempProCareStaff(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareStaffSaveMutation = gql<PeopleProcareStaffSaveMutation, PeopleProcareStaffSaveMutationVariables>`
  mutation PeopleProcareStaffSave($import_id: ID!, $send_invites: Boolean) {
    saveProcareStaff(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ExternalRosterMutation = gql<PeopleExternalRosterMutation, PeopleExternalRosterMutationVariables>`
  mutation PeopleExternalRoster($location_id: ID!, $source: String!, $csv: String!) {
    importExternalRoster(location_id: $location_id, source: $source, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ConfirmImportMutation = gql<PeopleConfirmImportMutation, PeopleConfirmImportMutationVariables>`
  mutation PeopleConfirmImport($import_id: ID!, $send_invites: Boolean) {
    confirmImport(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceUploadMutation = gql<PeopleAdvanceUploadMutation, PeopleAdvanceUploadMutationVariables>`
  mutation PeopleAdvanceUpload($location_id: ID!, $csv: String!, $kind: String!) {
    uploadAdvanceOnboardingFile(location_id: $location_id, csv: $csv, kind: $kind) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceMatchMutation = gql<PeopleAdvanceMatchMutation, PeopleAdvanceMatchMutationVariables>`
  mutation PeopleAdvanceMatch($import_id: ID!, $mapping: [HeaderMatchInput!]!) {
    matchAdvanceOnboardingHeaders(import_id: $import_id, mapping: $mapping) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceSaveMutation = gql<PeopleAdvanceSaveMutation, PeopleAdvanceSaveMutationVariables>`
  mutation PeopleAdvanceSave($import_id: ID!, $send_invites: Boolean) {
    saveAdvanceOnboardingData(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ExportRosterMutation = gql<PeopleExportRosterMutation, PeopleExportRosterMutationVariables>`
  mutation PeopleExportRoster($location_id: ID!, $program_id: ID) {
    exportRoster(location_id: $location_id, program_id: $program_id) {
      status
      message
      color
      filename
      content_type
      csv
      rows
    }
  }
`;
