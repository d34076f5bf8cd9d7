import { gql } from '@urql/core';
import type {
  OperatorApprovePaymentMutation,
  OperatorApprovePaymentMutationVariables,
  OperatorAttachPlanMutation,
  OperatorAttachPlanMutationVariables,
  OperatorCenterBillingQuery,
  OperatorCenterBillingQueryVariables,
  OperatorCenterInvoicesQuery,
  OperatorCenterInvoicesQueryVariables,
  OperatorCenterPaymentsQuery,
  OperatorCenterPaymentsQueryVariables,
  OperatorCenterPlansQuery,
  OperatorCenterPlansQueryVariables,
  OperatorChargeCenterMutation,
  OperatorChargeCenterMutationVariables,
  OperatorCreatePlanMutation,
  OperatorCreatePlanMutationVariables,
  OperatorUpdatePlanMutation,
  OperatorUpdatePlanMutationVariables,
} from '../../../graphql/generated/control-plane';

const PlanFields = gql`
  fragment CenterPlanFields on CenterPlan {
    id
    name
    amount
    period
    trial_days
    grace_days
    limits {
      max_locations
      max_students
      max_cameras
    }
    public
    active
    note
    centers_count
    created_at
  }
`;

const InvoiceFields = gql`
  fragment CenterInvoiceFields on CenterInvoice {
    id
    center_id
    center_name
    plan_name
    period_start
    period_end
    due_date
    amount
    paid_amount
    balance
    status
    paid_at
  }
`;

const PaymentFields = gql`
  fragment CenterPaymentFields on CenterPayment {
    id
    center_id
    center_name
    invoice_id
    amount
    method
    status
    reference
    failure_message
    added_by
    approved_by
    approved_at
    created_at
  }
`;

const Pager = `
  paginatorInfo {
    currentPage
    lastPage
    perPage
    total
  }
`;

export const CenterPlansQuery = gql<OperatorCenterPlansQuery, OperatorCenterPlansQueryVariables>`
  query OperatorCenterPlans($page: Int, $first: Int) {
    getCenterPlans(page: $page, first: $first) {
      data {
        ...CenterPlanFields
      }
      ${Pager}
    }
  }
  ${PlanFields}
`;

export const CreatePlanMutation = gql<OperatorCreatePlanMutation, OperatorCreatePlanMutationVariables>`
  mutation OperatorCreatePlan(
    $name: String!
    $amount: String!
    $period: String
    $trial_days: Int
    $grace_days: Int
    $max_locations: Int
    $max_students: Int
    $max_cameras: Int
    $public: Boolean
    $note: String
  ) {
    createCenterPlan(
      name: $name
      amount: $amount
      period: $period
      trial_days: $trial_days
      grace_days: $grace_days
      max_locations: $max_locations
      max_students: $max_students
      max_cameras: $max_cameras
      public: $public
      note: $note
    ) {
      status
      message
      color
      plan {
        ...CenterPlanFields
      }
    }
  }
  ${PlanFields}
`;

export const UpdatePlanMutation = gql<OperatorUpdatePlanMutation, OperatorUpdatePlanMutationVariables>`
  mutation OperatorUpdatePlan(
    $id: ID!
    $name: String
    $amount: String
    $period: String
    $trial_days: Int
    $grace_days: Int
    $max_locations: Int
    $max_students: Int
    $max_cameras: Int
    $public: Boolean
    $active: Boolean
    $note: String
  ) {
    updateCenterPlan(
      id: $id
      name: $name
      amount: $amount
      period: $period
      trial_days: $trial_days
      grace_days: $grace_days
      max_locations: $max_locations
      max_students: $max_students
      max_cameras: $max_cameras
      public: $public
      active: $active
      note: $note
    ) {
      status
      message
      color
      plan {
        ...CenterPlanFields
      }
    }
  }
  ${PlanFields}
`;

export const CenterInvoicesQuery = gql<OperatorCenterInvoicesQuery, OperatorCenterInvoicesQueryVariables>`
  query OperatorCenterInvoices($page: Int, $first: Int, $center_id: ID, $status: String) {
    getCenterInvoices(page: $page, first: $first, center_id: $center_id, status: $status) {
      data {
        ...CenterInvoiceFields
      }
      ${Pager}
    }
  }
  ${InvoiceFields}
`;

export const CenterPaymentsQuery = gql<OperatorCenterPaymentsQuery, OperatorCenterPaymentsQueryVariables>`
  query OperatorCenterPayments($page: Int, $first: Int, $center_id: ID, $status: String, $method: String) {
    getCenterPayments(page: $page, first: $first, center_id: $center_id, status: $status, method: $method) {
      data {
        ...CenterPaymentFields
      }
      ${Pager}
    }
  }
  ${PaymentFields}
`;

export const ApprovePaymentMutation = gql<OperatorApprovePaymentMutation, OperatorApprovePaymentMutationVariables>`
  mutation OperatorApprovePayment($id: ID!) {
    approveCenterPayment(id: $id) {
      status
      message
      color
      payments {
        ...CenterPaymentFields
      }
    }
  }
  ${PaymentFields}
`;

/** A centre's plan section: its latest invoices, its cards and the plans it could move to. */
export const CenterBillingQuery = gql<OperatorCenterBillingQuery, OperatorCenterBillingQueryVariables>`
  query OperatorCenterBilling($center_id: ID!) {
    getCenter(id: $center_id) {
      id
      center_billing_plan_id
      payment_start
      payment_end
      customer_id
      billing_method
    }
    getCenterInvoices(center_id: $center_id, first: 5) {
      data {
        ...CenterInvoiceFields
      }
      ${Pager}
    }
    getCenterCards(center_id: $center_id) {
      id
      brand
      last4
      exp_month
      exp_year
      is_default
    }
    getCenterPlans(first: 100) {
      data {
        id
        name
        amount
        period
        active
      }
    }
  }
  ${InvoiceFields}
`;

export const AttachPlanMutation = gql<OperatorAttachPlanMutation, OperatorAttachPlanMutationVariables>`
  mutation OperatorAttachPlan($center_id: ID!, $plan_id: ID!) {
    attachCenterPlan(center_id: $center_id, plan_id: $plan_id) {
      status
      message
      color
    }
  }
`;

export const ChargeCenterMutation = gql<OperatorChargeCenterMutation, OperatorChargeCenterMutationVariables>`
  mutation OperatorChargeCenter($center_id: ID!) {
    chargeCenter(center_id: $center_id) {
      status
      message
      color
      payments {
        ...CenterPaymentFields
      }
    }
  }
  ${PaymentFields}
`;

export type CenterPlanItem = OperatorCenterPlansQuery['getCenterPlans']['data'][number];
export type CenterInvoiceItem = OperatorCenterInvoicesQuery['getCenterInvoices']['data'][number];
export type CenterPaymentItem = OperatorCenterPaymentsQuery['getCenterPayments']['data'][number];
