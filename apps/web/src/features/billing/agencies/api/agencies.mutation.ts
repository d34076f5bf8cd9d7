import { gql } from '@urql/core';
import type {
  AgencyCreateMutation,
  AgencyCreateMutationVariables,
  AgencyDeleteMutation,
  AgencyDeleteMutationVariables,
  AgencyIssueInvoicesMutation,
  AgencyIssueInvoicesMutationVariables,
  AgencyRemoveStudentMutation,
  AgencyRemoveStudentMutationVariables,
  AgencySavePaymentMutation,
  AgencySavePaymentMutationVariables,
  AgencyUpdateMutation,
  AgencyUpdateMutationVariables,
  AgencyUpdateStudentsMutation,
  AgencyUpdateStudentsMutationVariables,
} from '../../../../graphql/generated/tenant-api';

export const CreateAgencyMutation = gql<AgencyCreateMutation, AgencyCreateMutationVariables>`
  mutation AgencyCreate(
    $location_id: ID!
    $name: String!
    $contact_name: String
    $email: String
    $phone: String
    $address: String
    $note: String
  ) {
    createAgency(
      location_id: $location_id
      name: $name
      contact_name: $contact_name
      email: $email
      phone: $phone
      address: $address
      note: $note
    ) {
      status
      message
      color
      agency {
        id
      }
    }
  }
`;

export const UpdateAgencyMutation = gql<AgencyUpdateMutation, AgencyUpdateMutationVariables>`
  mutation AgencyUpdate($id: ID!, $name: String, $contact_name: String, $email: String, $phone: String, $address: String, $note: String) {
    updateAgency(id: $id, name: $name, contact_name: $contact_name, email: $email, phone: $phone, address: $address, note: $note) {
      status
      message
      color
      agency {
        id
        name
        contact_name
        email
        phone
        address
        note
      }
    }
  }
`;

export const DeleteAgencyMutation = gql<AgencyDeleteMutation, AgencyDeleteMutationVariables>`
  mutation AgencyDelete($id: ID!) {
    deleteAgency(id: $id) {
      status
      message
      color
    }
  }
`;

export const UpdateAgencyStudentsMutation = gql<AgencyUpdateStudentsMutation, AgencyUpdateStudentsMutationVariables>`
  mutation AgencyUpdateStudents($id: ID!, $students: [AgencyStudentInput!]!) {
    updateAgencyStudents(id: $id, students: $students) {
      status
      message
      color
      students {
        id
        student_id
      }
    }
  }
`;

export const RemoveAgencyStudentMutation = gql<AgencyRemoveStudentMutation, AgencyRemoveStudentMutationVariables>`
  mutation AgencyRemoveStudent($student_id: ID!, $agency_id: ID!) {
    removeAgencyStudent(student_id: $student_id, agency_id: $agency_id) {
      status
      message
      color
    }
  }
`;

export const IssueAgencyInvoicesMutation = gql<AgencyIssueInvoicesMutation, AgencyIssueInvoicesMutationVariables>`
  mutation AgencyIssueInvoices($id: ID!) {
    issueAgencyInvoices(id: $id) {
      status
      message
      color
      invoices {
        id
      }
    }
  }
`;

export const SaveAgencyPaymentMutation = gql<AgencySavePaymentMutation, AgencySavePaymentMutationVariables>`
  mutation AgencySavePayment($agency_id: ID!, $amount: Cents!, $method: String!, $date: String, $reference: String, $note: String) {
    saveAgencyPayment(agency_id: $agency_id, amount: $amount, method: $method, date: $date, reference: $reference, note: $note) {
      status
      message
      color
      payments {
        id
      }
    }
  }
`;
