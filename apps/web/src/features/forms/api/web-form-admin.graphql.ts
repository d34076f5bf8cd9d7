import { gql } from '@urql/core';
import type * as G from '../../../graphql/generated/tenant-api';

/** The manager's web-form settings pages: notifications, automations, their logs, import; entry pages. */
export const WebFormNotifySettingsQuery = gql<G.WebFormNotifySettingsQuery, G.WebFormNotifySettingsQueryVariables>`
  query WebFormNotifySettings($form_id: ID!) {
    getCustomFormNotificationSettings(form_id: $form_id) {
      form_id
      enabled
      emails
      user_ids
      statuses
      updated_at
    }
    getCustomFormRecipients(form_id: $form_id) {
      id
      fname
      lname
    }
  }
`;

export const WebFormSaveNotifyMutation = gql<G.WebFormSaveNotifyMutation, G.WebFormSaveNotifyMutationVariables>`
  mutation WebFormSaveNotify($form_id: ID!, $enabled: Boolean!, $emails: [String!], $user_ids: [ID!], $statuses: [String!]) {
    saveCustomFormNotificationSettings(form_id: $form_id, enabled: $enabled, emails: $emails, user_ids: $user_ids, statuses: $statuses) {
      status
      message
      settings {
        form_id
        enabled
        emails
        user_ids
        statuses
        updated_at
      }
    }
  }
`;

export const WebFormAutomationsQuery = gql<G.WebFormAutomationsQuery, G.WebFormAutomationsQueryVariables>`
  query WebFormAutomations($form_id: ID!) {
    getCustomFormAutomationSettings(form_id: $form_id) {
      id
      name
      enabled
      match
      conditions {
        field_id
        value
      }
      action
      user_ids
      tag_id
      subject
      message
    }
    getCustomFormRecipients(form_id: $form_id) {
      id
      fname
      lname
    }
    getTags(first: 100) {
      data {
        id
        name
      }
    }
  }
`;

export const WebFormSaveAutomationsMutation = gql<G.WebFormSaveAutomationsMutation, G.WebFormSaveAutomationsMutationVariables>`
  mutation WebFormSaveAutomations($form_id: ID!, $automations: [FormAutomationInput!]!) {
    saveCustomFormAutomationSettings(form_id: $form_id, automations: $automations) {
      status
      message
      automations {
        id
        name
      }
    }
  }
`;

export const WebFormLogsQuery = gql<G.WebFormLogsQuery, G.WebFormLogsQueryVariables>`
  query WebFormLogs($form_id: ID!, $kind: String, $page: Int, $first: Int) {
    getCustomFormLogs(form_id: $form_id, kind: $kind, page: $page, first: $first) {
      data {
        id
        kind
        action
        submission_id
        recipient
        status
        detail
        automation_name
        created_at
        user {
          id
          fname
          lname
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

export const WebFormImportMutation = gql<G.WebFormImportMutation, G.WebFormImportMutationVariables>`
  mutation WebFormImport($location_id: ID!, $json: String!, $preview: Boolean) {
    importCustomForm(location_id: $location_id, json: $json, preview: $preview) {
      status
      message
      preview {
        name
        description
        fields {
          id
          name
          type
          required
          options
        }
      }
      form {
        id
      }
    }
  }
`;

export const WebFormStudentEntriesQuery = gql<G.WebFormStudentEntriesQuery, G.WebFormStudentEntriesQueryVariables>`
  query WebFormStudentEntries($form_id: ID!, $student_id: ID!, $page: Int, $first: Int) {
    getWebFormEntries(form_id: $form_id, student_id: $student_id, page: $page, first: $first) {
      data {
        id
        status
        version
        submitted_at
        reviewed_at
        student {
          id
          fname
          lname
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
