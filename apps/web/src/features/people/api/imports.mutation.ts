import { gql } from '@urql/core';
import { ImportFields, type ImportData, type ResultTriple } from './fragments';

export type ImportResultData = ResultTriple & { import: ImportData | null };

const RESULT = `
  status
  message
  color
  import {
    ...PeopleImportFields
  }
`;

export const UploadStudentsCsvMutation = gql<{ uploadStudentsCsv: ImportResultData }, { location_id: string; csv: string }>`
  mutation PeopleUploadStudentsCsv($location_id: ID!, $csv: String!) {
    uploadStudentsCsv(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareImportMutation = gql<{ procareImport: ImportResultData }, { location_id: string; csv: string }>`
  mutation PeopleProcareImport($location_id: ID!, $csv: String!) {
    procareImport(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareStaffStageMutation = gql<{ saveTempProCareStaff: ImportResultData }, { location_id: string; csv: string }>`
  mutation PeopleProcareStaffStage($location_id: ID!, $csv: String!) {
    saveTempProCareStaff(location_id: $location_id, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ProcareStaffSaveMutation = gql<{ saveProcareStaff: ImportResultData }, { import_id: string; send_invites?: boolean }>`
  mutation PeopleProcareStaffSave($import_id: ID!, $send_invites: Boolean) {
    saveProcareStaff(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ExternalRosterMutation = gql<{ importExternalRoster: ImportResultData }, { location_id: string; source: string; csv: string }>`
  mutation PeopleExternalRoster($location_id: ID!, $source: String!, $csv: String!) {
    importExternalRoster(location_id: $location_id, source: $source, csv: $csv) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ConfirmImportMutation = gql<{ confirmImport: ImportResultData }, { import_id: string; send_invites?: boolean }>`
  mutation PeopleConfirmImport($import_id: ID!, $send_invites: Boolean) {
    confirmImport(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceUploadMutation = gql<
  { uploadAdvanceOnboardingFile: ImportResultData },
  { location_id: string; csv: string; kind: string }
>`
  mutation PeopleAdvanceUpload($location_id: ID!, $csv: String!, $kind: String!) {
    uploadAdvanceOnboardingFile(location_id: $location_id, csv: $csv, kind: $kind) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceMatchMutation = gql<
  { matchAdvanceOnboardingHeaders: ImportResultData },
  { import_id: string; mapping: { header: string; field: string | null }[] }
>`
  mutation PeopleAdvanceMatch($import_id: ID!, $mapping: [HeaderMatchInput!]!) {
    matchAdvanceOnboardingHeaders(import_id: $import_id, mapping: $mapping) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const AdvanceSaveMutation = gql<{ saveAdvanceOnboardingData: ImportResultData }, { import_id: string; send_invites?: boolean }>`
  mutation PeopleAdvanceSave($import_id: ID!, $send_invites: Boolean) {
    saveAdvanceOnboardingData(import_id: $import_id, send_invites: $send_invites) {
      ${RESULT}
    }
  }
  ${ImportFields}
`;

export const ExportRosterMutation = gql<
  { exportRoster: ResultTriple & { filename: string; content_type: string; csv: string; rows: number } },
  { location_id: string; program_id?: string | null }
>`
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
