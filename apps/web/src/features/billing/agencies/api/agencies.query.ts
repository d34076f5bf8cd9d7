import { gql } from '@urql/core';
import type {
  AgencyInvoicesQuery,
  AgencyInvoicesQueryVariables,
  AgencyNextInvoicesQuery,
  AgencyNextInvoicesQueryVariables,
  AgencyOneQuery,
  AgencyOneQueryVariables,
  AgencyPaymentsQuery,
  AgencyPaymentsQueryVariables,
  AgencyStudentListQuery,
  AgencyStudentListQueryVariables,
  AgencyListQuery,
  AgencyListQueryVariables,
  AgencyLocationStudentsQuery,
  AgencyLocationStudentsQueryVariables,
  SubsidyReconciliationQuery,
  SubsidyReconciliationQueryVariables,
} from '../../../../graphql/generated/tenant-api';

export const AgencyFields = gql`
  fragment AgencyFields on Agency {
    id
    location_id
    name
    contact_name
    email
    phone
    address
    note
    students_count
    balance
  }
`;

export const AgenciesQuery = gql<AgencyListQuery, AgencyListQueryVariables>`
  query AgencyList($location_id: ID) {
    getAgencies(location_id: $location_id) {
      ...AgencyFields
    }
  }
  ${AgencyFields}
`;

export const AgencyQuery = gql<AgencyOneQuery, AgencyOneQueryVariables>`
  query AgencyOne($id: ID!) {
    getAgency(id: $id) {
      ...AgencyFields
    }
  }
  ${AgencyFields}
`;

export const AgencyStudentsQuery = gql<AgencyStudentListQuery, AgencyStudentListQueryVariables>`
  query AgencyStudentList($id: ID!) {
    getAgencyStudentList(id: $id) {
      id
      student_id
      student_name
      authorization_number
      start_date
      end_date
      days_per_week
      rate
      copay
      absence_allowance
      status
    }
  }
`;

export const AgencyNextInvoices = gql<AgencyNextInvoicesQuery, AgencyNextInvoicesQueryVariables>`
  query AgencyNextInvoices($id: ID!) {
    getAgencyNextInvoices(id: $id) {
      student_id
      student_name
      plan_id
      plan_name
      period_start
      period_end
      plan_amount
      agency_amount
      family_amount
    }
  }
`;

export const AgencyInvoices = gql<AgencyInvoicesQuery, AgencyInvoicesQueryVariables>`
  query AgencyInvoices($id: ID!, $page: Int, $first: Int) {
    getAgencyInvoices(id: $id, page: $page, first: $first) {
      data {
        id
        student_name
        date
        due_date
        period_start
        period_end
        status
        total
        paid
        balance
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

export const AgencyPayments = gql<AgencyPaymentsQuery, AgencyPaymentsQueryVariables>`
  query AgencyPayments($id: ID!, $page: Int, $first: Int) {
    getAgencyPayments(id: $id, page: $page, first: $first) {
      data {
        id
        student_name
        date
        method
        reference
        amount
        status
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

export const ReconciliationQuery = gql<SubsidyReconciliationQuery, SubsidyReconciliationQueryVariables>`
  query SubsidyReconciliation($location_id: ID!, $from: String!, $to: String!, $agency_id: ID) {
    getSubsidyReconciliation(location_id: $location_id, from: $from, to: $to, agency_id: $agency_id) {
      total_at_risk
      rows {
        kind
        agency_id
        agency_name
        student_id
        student_name
        authorization_number
        date
        invoice_id
        detail
        amount_at_risk
        fix
      }
    }
  }
`;

/** The location's enrolled children, to pick whom an authorisation is for. */
export const LocationStudentsQuery = gql<AgencyLocationStudentsQuery, AgencyLocationStudentsQueryVariables>`
  query AgencyLocationStudents($location_id: ID) {
    students(location_id: $location_id, status: true, first: 100) {
      data {
        id
        full_name
      }
    }
  }
`;
