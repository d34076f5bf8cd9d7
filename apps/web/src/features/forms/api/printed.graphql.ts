import { gql } from '@urql/core';
import type {
  PrintedCreateMutation,
  PrintedCreateMutationVariables,
  PrintedEntriesQuery,
  PrintedEntriesQueryVariables,
  PrintedFormQuery,
  PrintedFormQueryVariables,
  PrintedListQuery,
  PrintedListQueryVariables,
  PrintedSaveLayoutMutation,
  PrintedSaveLayoutMutationVariables,
  PrintedStudentsQuery,
  PrintedStudentsQueryVariables,
  PrintedSubmitParentMutation,
  PrintedSubmitParentMutationVariables,
  PrintedSubmitStaffMutation,
  PrintedSubmitStaffMutationVariables,
  PrintedVerifyQuery,
  PrintedVerifyQueryVariables,
} from '../../../graphql/generated/tenant-api';

const PrintedFormFields = gql`
  fragment PrintedFormFields on Form {
    id
    name
    type
    description
    instructions
    location_id
    version
    page_count
    entries_count
    updated_at
    pdf {
      id
      url
    }
    fields {
      id
      name
      type
      required
      options
      placement {
        page
        x
        y
        w
        h
      }
    }
  }
`;

export const PrintedListQueryDoc = gql<PrintedListQuery, PrintedListQueryVariables>`
  query PrintedList($location_id: ID, $search: String, $page: Int, $first: Int) {
    getForms(type: "printed", location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        id
        name
        version
        page_count
        entries_count
        updated_at
        fields {
          id
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

export const PrintedFormQueryDoc = gql<PrintedFormQuery, PrintedFormQueryVariables>`
  query PrintedForm($id: ID!) {
    getSingleForm(id: $id) {
      ...PrintedFormFields
    }
  }
  ${PrintedFormFields}
`;

export const PrintedCreateMutationDoc = gql<PrintedCreateMutation, PrintedCreateMutationVariables>`
  mutation PrintedCreate($location_id: ID!, $name: String!, $file_id: ID!, $description: String) {
    createForm(location_id: $location_id, name: $name, type: "printed", file_id: $file_id, description: $description) {
      status
      message
      form {
        id
      }
    }
  }
`;

export const PrintedSaveLayoutMutationDoc = gql<PrintedSaveLayoutMutation, PrintedSaveLayoutMutationVariables>`
  mutation PrintedSaveLayout($form_id: ID!, $fields: [PrintedFieldInput!]!) {
    savePrintedFormFields(form_id: $form_id, fields: $fields) {
      status
      message
      form {
        ...PrintedFormFields
      }
    }
  }
  ${PrintedFormFields}
`;

export const PrintedEntriesQueryDoc = gql<PrintedEntriesQuery, PrintedEntriesQueryVariables>`
  query PrintedEntries($form_id: ID!, $status: String, $page: Int, $first: Int) {
    getCustomFormEntries(form_id: $form_id, status: $status, page: $page, first: $first) {
      data {
        id
        status
        version
        hash
        pdf_sha256
        submitted_at
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
        signed_pdf {
          id
          url
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

export const PrintedVerifyQueryDoc = gql<PrintedVerifyQuery, PrintedVerifyQueryVariables>`
  query PrintedVerify($submission_id: ID!) {
    verifySignedPdf(submission_id: $submission_id) {
      submission_id
      valid
      hash
      recomputed_hash
      values_match
      signatures_match
      pdf_match
    }
  }
`;

export const PrintedStudentsQueryDoc = gql<PrintedStudentsQuery, PrintedStudentsQueryVariables>`
  query PrintedStudents($location_id: ID) {
    students(location_id: $location_id, status: true, first: 100) {
      data {
        id
        full_name
      }
    }
  }
`;

const SubmitResult = gql`
  fragment PrintedSubmitResult on SubmissionResult {
    status
    message
    submission {
      id
      status
      hash
      signed_pdf {
        id
        url
      }
    }
  }
`;

export const PrintedSubmitParentMutationDoc = gql<PrintedSubmitParentMutation, PrintedSubmitParentMutationVariables>`
  mutation PrintedSubmitParent(
    $form_id: ID!
    $student_id: ID!
    $fields: [SubmissionFieldInput!]!
    $signatures: [SignatureInput!]
    $esign_consent: Boolean
  ) {
    submitPdfFormParent(
      form_id: $form_id
      student_id: $student_id
      fields: $fields
      signatures: $signatures
      esign_consent: $esign_consent
    ) {
      ...PrintedSubmitResult
    }
  }
  ${SubmitResult}
`;

export const PrintedSubmitStaffMutationDoc = gql<PrintedSubmitStaffMutation, PrintedSubmitStaffMutationVariables>`
  mutation PrintedSubmitStaff(
    $form_id: ID!
    $student_id: ID!
    $fields: [SubmissionFieldInput!]!
    $signatures: [SignatureInput!]
    $esign_consent: Boolean
  ) {
    submitPdfFormStaff(
      form_id: $form_id
      student_id: $student_id
      fields: $fields
      signatures: $signatures
      esign_consent: $esign_consent
    ) {
      ...PrintedSubmitResult
    }
  }
  ${SubmitResult}
`;

