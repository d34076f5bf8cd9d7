import { gql } from '@urql/core';
import { INVOICE_ITEM } from '../../api/billing.graphql';
import type {
  BillingParentAddCardMutation,
  BillingParentAddCardMutationVariables,
  BillingParentAutopayMutation,
  BillingParentAutopayMutationVariables,
  BillingParentChargeMutation,
  BillingParentChargeMutationVariables,
  BillingParentDefaultCardMutation,
  BillingParentDefaultCardMutationVariables,
  BillingParentInvoicesQuery,
  BillingParentInvoicesQueryVariables,
  BillingParentMethodsQuery,
  BillingParentMethodsQueryVariables,
  BillingParentPendingQuery,
  BillingParentPendingQueryVariables,
  BillingParentStudentsQuery,
  BillingParentStudentsQueryVariables,
  BillingParentSyncMutation,
  BillingParentSyncMutationVariables,
} from '../../../../graphql/generated/tenant-api';

/** The children the parent pays for, with their open shares. */
export const StudentsQuery = gql<BillingParentStudentsQuery, BillingParentStudentsQueryVariables>`
  query BillingParentStudents {
    getUserBillingStudents {
      id
      name
      location_id
      location_name
      balance
      my_open
      allow_card
      open_invoices {
        invoice_id
        student_id
        date
        due_date
        total
        balance
        share
        open
      }
    }
  }
`;

/** A child's invoices, a page at a time, each item with its source ("why is my bill this amount"). */
export const InvoicesQuery = gql<BillingParentInvoicesQuery, BillingParentInvoicesQueryVariables>`
  query BillingParentInvoices($student_id: ID!, $page: Int, $first: Int) {
    getInvoices(student_id: $student_id, page: $page, first: $first) {
      data {
        id
        date
        due_date
        period_start
        period_end
        status
        total
        balance
        paid
        agency_part
        items {
          ...BillingInvoiceItemFields
        }
        payers {
          user_id
          name
          amount
        }
      }
      paginatorInfo {
        total
        currentPage
        lastPage
      }
    }
  }
  ${INVOICE_ITEM}
`;

export const MethodsQuery = gql<BillingParentMethodsQuery, BillingParentMethodsQueryVariables>`
  query BillingParentMethods {
    getUserPaymentMethods {
      publishable_key
      autopay
      default_payment_method
      cards {
        id
        brand
        last4
        exp_month
        exp_year
        is_default
        expiring_soon
      }
    }
  }
`;

export const PendingQuery = gql<BillingParentPendingQuery, BillingParentPendingQueryVariables>`
  query BillingParentPending {
    getUserPendingCharges {
      id
      invoice_id
      amount
      status
    }
  }
`;

export const AddCardMutation = gql<BillingParentAddCardMutation, BillingParentAddCardMutationVariables>`
  mutation BillingParentAddCard($setup_intent_id: ID) {
    addUserCard(setup_intent_id: $setup_intent_id) {
      status
      message
      color
      client_secret
      setup_intent_id
      publishable_key
      card {
        id
        last4
      }
    }
  }
`;

export const DefaultCardMutation = gql<BillingParentDefaultCardMutation, BillingParentDefaultCardMutationVariables>`
  mutation BillingParentDefaultCard($payment_method_id: ID!) {
    setDefaultPaymentMethod(payment_method_id: $payment_method_id) {
      status
      message
      color
      methods {
        autopay
        default_payment_method
      }
    }
  }
`;

export const AutopayMutation = gql<BillingParentAutopayMutation, BillingParentAutopayMutationVariables>`
  mutation BillingParentAutopay($enabled: Boolean!) {
    setUserAutopay(enabled: $enabled) {
      status
      message
      color
      methods {
        autopay
      }
    }
  }
`;

export const ChargeMutation = gql<BillingParentChargeMutation, BillingParentChargeMutationVariables>`
  mutation BillingParentCharge($user_id: ID!, $id: ID!, $token: String) {
    chargeUserInvoice(user_id: $user_id, id: $id, token: $token) {
      status
      message
      color
      charge {
        id
        amount
        status
        error
        client_secret
      }
    }
  }
`;

export const SyncMutation = gql<BillingParentSyncMutation, BillingParentSyncMutationVariables>`
  mutation BillingParentSync($id: ID!) {
    syncUserCharge(id: $id) {
      status
      message
      color
      charge {
        id
        status
        client_secret
      }
    }
  }
`;
