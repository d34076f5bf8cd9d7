import { gql } from '@urql/core';
import type {
  MyPlanBillingPageQuery,
  MyPlanBillingPageQueryVariables,
  MyPlanPayInvoiceMutation,
  MyPlanPayInvoiceMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** My Plan: the plan and trial, and the centre's own invoices, payments and cards with the platform. */
export const MyPlanBillingQuery = gql<MyPlanBillingPageQuery, MyPlanBillingPageQueryVariables>`
  query MyPlanBillingPage {
    getMyPlan {
      plan {
        id
        name
        amount
        period
        note
      }
      status
      on_trial
      trial_ends_on
      trial_days_left
      payment_start
      payment_end
      billing_method
    }
    getMyPlanBilling {
      invoices {
        id
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
      payments {
        id
        invoice_id
        amount
        method
        status
        reference
        failure_message
        created_at
      }
      cards {
        id
        brand
        last4
        exp_month
        exp_year
        is_default
      }
      publishable_key
    }
  }
`;

export const PayInvoiceMutation = gql<MyPlanPayInvoiceMutation, MyPlanPayInvoiceMutationVariables>`
  mutation MyPlanPayInvoice($invoice_id: ID!, $method: String, $payment_method_id: String, $reference: String) {
    payMyPlanInvoice(invoice_id: $invoice_id, method: $method, payment_method_id: $payment_method_id, reference: $reference) {
      status
      message
      color
      payments {
        id
        status
        amount
      }
    }
  }
`;

export type MyPlanInvoice = MyPlanBillingPageQuery['getMyPlanBilling']['invoices'][number];
export type MyPlanCard = MyPlanBillingPageQuery['getMyPlanBilling']['cards'][number];
export type MyPlanPayment = MyPlanBillingPageQuery['getMyPlanBilling']['payments'][number];
