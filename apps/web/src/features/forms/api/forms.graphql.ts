import { gql } from '@urql/core';
import type {
  FormsAddFieldMutation,
  FormsAddFieldMutationVariables,
  FormsApproveMutation,
  FormsApproveMutationVariables,
  FormsCreateMutation,
  FormsCreateMutationVariables,
  FormsDeleteMutation,
  FormsDeleteMutationVariables,
  FormsEntriesQuery,
  FormsEntriesQueryVariables,
  FormsListQuery,
  FormsListQueryVariables,
  FormsMyChildrenQuery,
  FormsMyChildrenQueryVariables,
  FormsRejectMutation,
  FormsRejectMutationVariables,
  FormsRemoveFieldMutation,
  FormsRemoveFieldMutationVariables,
  FormsRequestChangeMutation,
  FormsRequestChangeMutationVariables,
  FormsRequiredMutation,
  FormsRequiredMutationVariables,
  FormsRoomsQuery,
  FormsRoomsQueryVariables,
  FormsShareMutation,
  FormsShareMutationVariables,
  FormsSingleQuery,
  FormsSingleQueryVariables,
  FormsStudentFormsQuery,
  FormsStudentFormsQueryVariables,
  FormsSubmissionQuery,
  FormsSubmissionQueryVariables,
  FormsSubmitMutation,
  FormsSubmitMutationVariables,
  FormsTemplatesQuery,
  FormsTemplatesQueryVariables,
} from '../../../graphql/generated/tenant-api';

const FormFields = gql`
  fragment FormsFormFields on Form {
    id
    name
    type
    description
    instructions
    location_id
    version
    template_id
    entries_count
    updated_at
    fields {
      id
      name
      type
      required
      options
    }
  }
`;

const SubmissionFields = gql`
  fragment FormsSubmissionFields on FormSubmission {
    id
    form_id
    form_name
    version
    status
    hash
    submitted_at
    reviewed_at
    note
    student {
      id
      fname
      lname
    }
    submitted_by {
      id
      fname
      lname
    }
    fields {
      id
      type
      name
      value
      required
      file {
        id
        original_name
        content_type
        url
      }
    }
    signatures {
      id
      field_id
      method
      image
      typed_name
      signer_name
      signed_at
      ip
      hash
    }
    change_request {
      id
      change
      change_date
      notes
      resolved_at
    }
  }
`;

/** A page of forms: staff those of their locations, parents those shared with their children. */
export const FormListQuery = gql<FormsListQuery, FormsListQueryVariables>`
  query FormsList($type: String, $location_id: ID, $search: String, $page: Int, $first: Int) {
    getForms(type: $type, location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        ...FormsFormFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${FormFields}
`;

export const FormSingleQuery = gql<FormsSingleQuery, FormsSingleQueryVariables>`
  query FormsSingle($id: ID!) {
    getSingleForm(id: $id) {
      ...FormsFormFields
    }
  }
  ${FormFields}
`;

export const FormTemplatesQuery = gql<FormsTemplatesQuery, FormsTemplatesQueryVariables>`
  query FormsTemplates {
    getCustomFormTemplates {
      id
      name
      description
    }
  }
`;

/** The entries of web forms in reach (submissions screen, a form's entries). */
export const FormEntriesQuery = gql<FormsEntriesQuery, FormsEntriesQueryVariables>`
  query FormsEntries($form_id: ID, $student_id: ID, $status: String, $filters: [EntryFilterInput!], $page: Int, $first: Int) {
    getWebFormEntries(form_id: $form_id, student_id: $student_id, status: $status, filters: $filters, page: $page, first: $first) {
      data {
        ...FormsSubmissionFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${SubmissionFields}
`;

export const FormSubmissionQuery = gql<FormsSubmissionQuery, FormsSubmissionQueryVariables>`
  query FormsSubmission($id: ID!) {
    getSingleSubmissionDetail(id: $id) {
      ...FormsSubmissionFields
    }
  }
  ${SubmissionFields}
`;

/** A parent's own children, and the forms shared with each. */
export const FormMyChildrenQuery = gql<FormsMyChildrenQuery, FormsMyChildrenQueryVariables>`
  query FormsMyChildren {
    students(status: true, page: 1, first: 20) {
      data {
        id
        fname
        full_name
      }
    }
  }
`;

export const FormStudentFormsQuery = gql<FormsStudentFormsQuery, FormsStudentFormsQueryVariables>`
  query FormsStudentForms($student_id: ID!) {
    getStudentSubmissions(student_id: $student_id) {
      due_date
      form {
        id
        name
        description
      }
      submission {
        id
        status
      }
    }
  }
`;

export const FormRoomsQuery = gql<FormsRoomsQuery, FormsRoomsQueryVariables>`
  query FormsRooms($id: ID!) {
    location(id: $id) {
      id
      rooms {
        id
        name
      }
    }
  }
`;

export const FormCreateMutation = gql<FormsCreateMutation, FormsCreateMutationVariables>`
  mutation FormsCreate($location_id: ID!, $name: String!, $type: String!, $template_id: String) {
    createForm(location_id: $location_id, name: $name, type: $type, template_id: $template_id) {
      status
      message
      form {
        id
      }
    }
  }
`;

export const FormDeleteMutation = gql<FormsDeleteMutation, FormsDeleteMutationVariables>`
  mutation FormsDelete($id: ID!) {
    deleteForm(id: $id) {
      status
      message
    }
  }
`;

export const FormAddFieldMutation = gql<FormsAddFieldMutation, FormsAddFieldMutationVariables>`
  mutation FormsAddField($form_id: ID!, $name: String!, $type: String!, $required: Boolean, $options: [String!]) {
    addFormField(form_id: $form_id, name: $name, type: $type, required: $required, options: $options) {
      status
      message
      form {
        ...FormsFormFields
      }
    }
  }
  ${FormFields}
`;

export const FormRequiredMutation = gql<FormsRequiredMutation, FormsRequiredMutationVariables>`
  mutation FormsRequired($form_id: ID!, $field_id: ID!, $required: Boolean!) {
    setFormFieldRequired(form_id: $form_id, field_id: $field_id, required: $required) {
      status
      message
      form {
        ...FormsFormFields
      }
    }
  }
  ${FormFields}
`;

export const FormRemoveFieldMutation = gql<FormsRemoveFieldMutation, FormsRemoveFieldMutationVariables>`
  mutation FormsRemoveField($form_id: ID!, $field_id: ID!) {
    removeFormField(form_id: $form_id, field_id: $field_id) {
      status
      message
      form {
        ...FormsFormFields
      }
    }
  }
  ${FormFields}
`;

export const FormShareMutation = gql<FormsShareMutation, FormsShareMutationVariables>`
  mutation FormsShare($form_id: ID!, $location_ids: [ID!], $program_ids: [ID!], $due_date: String) {
    shareFormWithParents(form_id: $form_id, location_ids: $location_ids, program_ids: $program_ids, due_date: $due_date) {
      status
      message
      shared
    }
  }
`;

export const FormSubmitMutation = gql<FormsSubmitMutation, FormsSubmitMutationVariables>`
  mutation FormsSubmit($form_id: ID!, $student_id: ID!, $fields: [SubmissionFieldInput!]!, $signatures: [SignatureInput!], $esign_consent: Boolean) {
    submitForm(form_id: $form_id, student_id: $student_id, fields: $fields, signatures: $signatures, esign_consent: $esign_consent) {
      status
      message
      submission {
        id
        status
      }
    }
  }
`;

export const FormApproveMutation = gql<FormsApproveMutation, FormsApproveMutationVariables>`
  mutation FormsApprove($id: ID!) {
    approveSubmittedForm(id: $id) {
      status
      message
      submission {
        id
        status
      }
    }
  }
`;

export const FormRejectMutation = gql<FormsRejectMutation, FormsRejectMutationVariables>`
  mutation FormsReject($id: ID!, $note: String!) {
    rejectSubmittedForm(id: $id, note: $note) {
      status
      message
      submission {
        id
        status
      }
    }
  }
`;

export const FormRequestChangeMutation = gql<FormsRequestChangeMutation, FormsRequestChangeMutationVariables>`
  mutation FormsRequestChange($id: ID!, $change: String!, $change_date: String, $notes: String) {
    requestChangeForm(id: $id, change: $change, change_date: $change_date, notes: $notes) {
      status
      message
      submission {
        id
        status
      }
    }
  }
`;
