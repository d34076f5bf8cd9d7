import { gql } from '@urql/core';
import type {
  FormsLinkQuery,
  FormsLinkQueryVariables,
  FormsSetLinkMutation,
  FormsSetLinkMutationVariables,
  FormsWebFormPreviewQuery,
  FormsWebFormPreviewQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** The manager's share page: whether the form's guest link is on, and its key. */
export const FormLinkQuery = gql<FormsLinkQuery, FormsLinkQueryVariables>`
  query FormsLink($id: ID!) {
    getSingleForm(id: $id) {
      id
      type
      link_key
    }
  }
`;

export const FormSetLinkMutation = gql<FormsSetLinkMutation, FormsSetLinkMutationVariables>`
  mutation FormsSetLink($id: ID!, $enabled: Boolean!) {
    setFormLink(id: $id, enabled: $enabled) {
      status
      message
      form {
        id
        link_key
      }
    }
  }
`;

/** Guest /web-form/:formId/view?key=…: a web form shared by link, its fields only. */
export const WebFormPreviewQuery = gql<FormsWebFormPreviewQuery, FormsWebFormPreviewQueryVariables>`
  query FormsWebFormPreview($form_id: ID!, $key: String!) {
    getWebFormPreview(form_id: $form_id, key: $key) {
      id
      name
      description
      instructions
      version
      location_name
      fields {
        id
        name
        type
        required
        options
      }
    }
  }
`;
