import { gql } from '@urql/core';
import type * as G from '../../../graphql/generated/tenant-api';

/** The staff billing screens' operations (module `billing` of the tenant API). */

/** An invoice line with its source ("why is my bill this amount"); the parent screens use it too. */
export const INVOICE_ITEM = gql`
  fragment BillingInvoiceItemFields on InvoiceItem {
    id
    name
    detail
    original_amount
    amount
    discount
    discount_type
    discounts
    source {
      kind
      period_start
      period_end
      days
      minutes
      date
    }
  }
`;

const INVOICE = gql`
  fragment BillingInvoiceFields on Invoice {
    id
    student_id
    student_name
    date
    due_date
    period_start
    period_end
    note
    status
    reason
    total
    paid
    balance
    items {
      ...BillingInvoiceItemFields
    }
    payers {
      user_id
      name
      amount
    }
  }
  ${INVOICE_ITEM}
`;

const PAYMENT = gql`
  fragment BillingPaymentFields on Payment {
    id
    student_id
    student_name
    method
    reference
    amount
    date
    note
    status
    applied
    unapplied
    refunded
    applications {
      invoice_id
      amount
    }
  }
`;

const PAGE = gql`
  fragment BillingPageFields on PaginatorInfo {
    currentPage
    lastPage
    perPage
    total
  }
`;

const CATEGORY = gql`
  fragment BillingCategoryRefFields on ChargeCategory {
    id
    name
  }
`;

const PAYER = gql`
  fragment BillingStudentPayerFields on StudentPayer {
    user_id
    name
    relation
    is_payer
    share_type
    share
  }
`;

export const BillingOverviewQuery = gql<G.BillingOverviewQuery, G.BillingOverviewQueryVariables>`
  query BillingOverview($location_id: ID!, $filter: String) {
    getBillingOverviewDetails(location_id: $location_id, filter: $filter) {
      location_id
      filter
      date
      period_start
      period_end
      outstanding
      agency_outstanding
      credit
      balance
      open_invoices
      students_owing
      overdue
      overdue_invoices
      overdue_students
      overdue_by_age {
        label
        min_days
        max_days
        amount
        invoices
        students
      }
      collected
      payments
      failed_autopay
      failed_autopay_amount
    }
  }
`;

export const BillingInvoicesQuery = gql<G.BillingInvoicesQuery, G.BillingInvoicesQueryVariables>`
  query BillingInvoices($location_id: ID, $student_id: ID, $status: String, $from: String, $to: String, $page: Int, $first: Int) {
    getInvoices(location_id: $location_id, student_id: $student_id, status: $status, from: $from, to: $to, page: $page, first: $first) {
      data {
        ...BillingInvoiceFields
      }
      paginatorInfo {
        ...BillingPageFields
      }
    }
  }
  ${INVOICE}
  ${PAGE}
`;

export const BillingPaymentsQuery = gql<G.BillingPaymentsQuery, G.BillingPaymentsQueryVariables>`
  query BillingPayments($location_id: ID, $student_id: ID, $page: Int, $first: Int) {
    getPayments(location_id: $location_id, student_id: $student_id, page: $page, first: $first) {
      data {
        ...BillingPaymentFields
      }
      paginatorInfo {
        ...BillingPageFields
      }
    }
  }
  ${PAYMENT}
  ${PAGE}
`;

export const BillingPlansQuery = gql<G.BillingPlansQuery, G.BillingPlansQueryVariables>`
  query BillingPlans($student_id: ID, $location_id: ID, $status: String) {
    getBillingPlans(student_id: $student_id, location_id: $location_id, status: $status) {
      id
      student_id
      template_id
      name
      amount
      period
      days
      note
      start_date
      paused_from
      end_date
      status
    }
  }
`;

export const BillingStudentNamesQuery = gql<G.BillingStudentNamesQuery, G.BillingStudentNamesQueryVariables>`
  query BillingStudentNames($location_id: ID, $search: String, $page: Int, $first: Int) {
    students(location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        id
        full_name
        billing_program {
          id
          name
        }
      }
      paginatorInfo {
        ...BillingPageFields
      }
    }
  }
  ${PAGE}
`;

export const BillingAccountQuery = gql<G.BillingAccountQuery, G.BillingAccountQueryVariables>`
  query BillingAccount($student_id: ID!) {
    getAccountDetails(student_id: $student_id) {
      student_id
      student_name
      location_id
      balance
      open_invoices
      credit
      billing_program {
        id
        name
      }
      transactions {
        id
        kind
        amount
        invoice_id
        payment_id
        reason
        created_at
      }
    }
  }
`;

export const BillingStudentInvoicesQuery = gql<G.BillingStudentInvoicesQuery, G.BillingStudentInvoicesQueryVariables>`
  query BillingStudentInvoices($id: ID!, $from: String, $to: String) {
    getStudentAllInvoices(id: $id, from: $from, to: $to) {
      ...BillingInvoiceFields
    }
  }
  ${INVOICE}
`;

export const BillingStudentPaymentsQuery = gql<G.BillingStudentPaymentsQuery, G.BillingStudentPaymentsQueryVariables>`
  query BillingStudentPayments($id: ID!) {
    getStudentAllPayments(id: $id) {
      ...BillingPaymentFields
    }
  }
  ${PAYMENT}
`;

export const BillingCreditsQuery = gql<G.BillingCreditsQuery, G.BillingCreditsQueryVariables>`
  query BillingCredits($student_id: ID!) {
    getCredits(student_id: $student_id) {
      payment_id
      student_id
      date
      method
      amount
    }
  }
`;

export const BillingPayersQuery = gql<G.BillingPayersQuery, G.BillingPayersQueryVariables>`
  query BillingPayers($id: ID!) {
    getStudentPayersAndNonPayers(id: $id) {
      payers {
        ...BillingStudentPayerFields
      }
      non_payers {
        ...BillingStudentPayerFields
      }
    }
  }
  ${PAYER}
`;

export const BillingProgramsQuery = gql<G.BillingProgramsQuery, G.BillingProgramsQueryVariables>`
  query BillingPrograms($location_id: ID) {
    getBillingPrograms(location_id: $location_id) {
      id
      location_id
      name
      color
      start_date
      end_date
      rooms
      student_count
    }
  }
`;

export const BillingCategoriesQuery = gql<G.BillingCategoriesQuery, G.BillingCategoriesQueryVariables>`
  query BillingCategories($location_id: ID!, $archived: Boolean) {
    getChargeCategories(location_id: $location_id, archived: $archived) {
      id
      name
      archived
    }
  }
`;

export const BillingPresetsQuery = gql<G.BillingPresetsQuery, G.BillingPresetsQueryVariables>`
  query BillingPresets($location_id: ID!) {
    getBillingPresets(location_id: $location_id) {
      id
      name
      amount
      detail
      category {
        ...BillingCategoryRefFields
      }
    }
  }
  ${CATEGORY}
`;

export const BillingVariableChargesQuery = gql<G.BillingVariableChargesQuery, G.BillingVariableChargesQueryVariables>`
  query BillingVariableCharges($location_id: ID!) {
    getVariableCharges(location_id: $location_id) {
      id
      details
      start_time
      end_time
      amount
      max_amount
      interval
      days
      category {
        ...BillingCategoryRefFields
      }
    }
  }
  ${CATEGORY}
`;

export const BillingTemplatesQuery = gql<G.BillingTemplatesQuery, G.BillingTemplatesQueryVariables>`
  query BillingTemplates($location_id: ID!) {
    getPlanTemplates(location_id: $location_id) {
      id
      name
      amount
      period
      days
      date
      students
    }
  }
`;

const REPORT_PAGE = 'paginatorInfo { ...BillingPageFields } csv { filename content_type content }';

export const BalanceReportQuery = gql<G.BillingBalanceReportQuery, G.BillingBalanceReportQueryVariables>`
  query BillingBalanceReport($location_id: ID!, $from: String!, $to: String!, $page: Int, $first: Int, $csv: Boolean) {
    report: getBalanceReport(location_id: $location_id, from: $from, to: $to, page: $page, first: $first, csv: $csv) {
      data { student_id student_name opening charges payments adjustments closing }
      totals { opening charges payments adjustments closing }
      ${REPORT_PAGE}
    }
  }
  ${PAGE}
`;

export const TransactionReportQuery = gql<G.BillingTransactionReportQuery, G.BillingTransactionReportQueryVariables>`
  query BillingTransactionReport($location_id: ID!, $from: String!, $to: String!, $page: Int, $first: Int, $csv: Boolean) {
    report: getTransactionReport(location_id: $location_id, from: $from, to: $to, page: $page, first: $first, csv: $csv) {
      data { id created_at student_id student_name kind reason amount }
      totals { amount }
      ${REPORT_PAGE}
    }
  }
  ${PAGE}
`;

export const InvoiceReportQuery = gql<G.BillingInvoiceReportQuery, G.BillingInvoiceReportQueryVariables>`
  query BillingInvoiceReport($location_id: ID!, $from: String!, $to: String!, $page: Int, $first: Int, $csv: Boolean) {
    report: getInvoiceReport(location_id: $location_id, from: $from, to: $to, page: $page, first: $first, csv: $csv) {
      data { id date due_date student_id student_name status total paid balance }
      totals { total paid balance }
      ${REPORT_PAGE}
    }
  }
  ${PAGE}
`;

export const PaymentReportQuery = gql<G.BillingPaymentReportQuery, G.BillingPaymentReportQueryVariables>`
  query BillingPaymentReport($location_id: ID!, $from: String!, $to: String!, $page: Int, $first: Int, $csv: Boolean) {
    report: getPaymentReport(location_id: $location_id, from: $from, to: $to, page: $page, first: $first, csv: $csv) {
      data { id date student_id student_name method reference status amount applied unapplied refunded net }
      totals { amount applied unapplied refunded net }
      ${REPORT_PAGE}
    }
  }
  ${PAGE}
`;

export const SummaryReportQuery = gql<G.BillingSummaryReportQuery, G.BillingSummaryReportQueryVariables>`
  query BillingSummaryReport($location_id: ID!, $from: String!, $to: String!, $page: Int, $first: Int, $csv: Boolean) {
    report: getBillingSummaryReport(location_id: $location_id, from: $from, to: $to, page: $page, first: $first, csv: $csv) {
      data { kind category entries amount }
      totals { entries amount }
      ${REPORT_PAGE}
    }
  }
  ${PAGE}
`;

// Writes

const RESULT = 'status message color';

export const SavePaymentMutation = gql<G.BillingSavePaymentMutation, G.BillingSavePaymentMutationVariables>`
  mutation BillingSavePayment($student_id: ID!, $amount: Cents!, $method: String!, $date: String, $reference: String, $note: String, $invoice_ids: [ID!]) {
    savePayment(student_id: $student_id, amount: $amount, method: $method, date: $date, reference: $reference, note: $note, invoice_ids: $invoice_ids) {
      ${RESULT}
      payment { id }
    }
  }
`;

export const VoidPaymentMutation = gql<G.BillingVoidPaymentMutation, G.BillingVoidPaymentMutationVariables>`
  mutation BillingVoidPayment($id: ID!, $reason: String) {
    voidPayment(id: $id, reason: $reason) { ${RESULT} }
  }
`;

export const RefundPaymentMutation = gql<G.BillingRefundPaymentMutation, G.BillingRefundPaymentMutationVariables>`
  mutation BillingRefundPayment($id: ID!, $amount: Cents!, $reason: String) {
    refundPayment(id: $id, amount: $amount, reason: $reason) { ${RESULT} }
  }
`;

export const UnapplyMutation = gql<G.BillingUnapplyMutation, G.BillingUnapplyMutationVariables>`
  mutation BillingUnapply($payment_id: ID!, $invoice_id: ID!) {
    unapplyTransaction(payment_id: $payment_id, invoice_id: $invoice_id) { ${RESULT} }
  }
`;

export const ApplyCreditMutation = gql<G.BillingApplyCreditMutation, G.BillingApplyCreditMutationVariables>`
  mutation BillingApplyCredit($student_id: ID!) {
    applyCredit(student_id: $student_id) { ${RESULT} }
  }
`;

export const VoidInvoiceMutation = gql<G.BillingVoidInvoiceMutation, G.BillingVoidInvoiceMutationVariables>`
  mutation BillingVoidInvoice($id: ID!, $reason: String) {
    voidInvoice(id: $id, reason: $reason) { ${RESULT} }
  }
`;

export const WaiveInvoiceMutation = gql<G.BillingWaiveInvoiceMutation, G.BillingWaiveInvoiceMutationVariables>`
  mutation BillingWaiveInvoice($id: ID!, $reason: String!, $note: String) {
    saveWaiveInvoice(id: $id, reason: $reason, note: $note) { ${RESULT} }
  }
`;

export const TransferInvoiceMutation = gql<G.BillingTransferInvoiceMutation, G.BillingTransferInvoiceMutationVariables>`
  mutation BillingTransferInvoice($id: ID!, $reason: String!, $note: String, $date: String!) {
    saveBillTransferInvoice(id: $id, reason: $reason, note: $note, date: $date) { ${RESULT} }
  }
`;

export const AddItemMutation = gql<G.BillingAddItemMutation, G.BillingAddItemMutationVariables>`
  mutation BillingAddItem($id: ID, $student_id: ID, $date: String, $item: InvoiceItemInput!) {
    addNewItemToInvoice(id: $id, student_id: $student_id, date: $date, item: $item) { ${RESULT} }
  }
`;

export const InvoiceNoteMutation = gql<G.BillingInvoiceNoteMutation, G.BillingInvoiceNoteMutationVariables>`
  mutation BillingInvoiceNote($id: ID!, $note: String) {
    updateInvoiceNote(id: $id, note: $note) { ${RESULT} }
  }
`;

export const SavePayerSharesMutation = gql<G.BillingSavePayerSharesMutation, G.BillingSavePayerSharesMutationVariables>`
  mutation BillingSavePayerShares($student_id: ID!, $shares: [PayerShareInput!]!) {
    saveStudentPayerShares(student_id: $student_id, shares: $shares) { ${RESULT} }
  }
`;

export const SendReminderMutation = gql<G.BillingSendReminderMutation, G.BillingSendReminderMutationVariables>`
  mutation BillingSendReminder($student_id: ID!) {
    sendUnpaidReminder(student_id: $student_id) { ${RESULT} }
  }
`;

export const PausePlanMutation = gql<G.BillingPausePlanMutation, G.BillingPausePlanMutationVariables>`
  mutation BillingPausePlan($id: ID!, $date: String!) {
    pauseBillingPlan(id: $id, date: $date) { ${RESULT} }
  }
`;

export const UnpausePlanMutation = gql<G.BillingUnpausePlanMutation, G.BillingUnpausePlanMutationVariables>`
  mutation BillingUnpausePlan($id: ID!) {
    unpauseBillingPlan(id: $id) { ${RESULT} }
  }
`;

export const DeactivatePlanMutation = gql<G.BillingDeactivatePlanMutation, G.BillingDeactivatePlanMutationVariables>`
  mutation BillingDeactivatePlan($id: ID!, $date: String!) {
    deactivateBillingPlan(id: $id, date: $date) { ${RESULT} }
  }
`;

export const CreatePlanMutation = gql<G.BillingCreatePlanMutation, G.BillingCreatePlanMutationVariables>`
  mutation BillingCreatePlan($student_id: ID!, $template_id: ID, $name: String, $amount: Cents, $period: String, $start_date: String!) {
    createBillingPlan(student_id: $student_id, template_id: $template_id, name: $name, amount: $amount, period: $period, start_date: $start_date) {
      ${RESULT}
    }
  }
`;

export const CreateProgramMutation = gql<G.BillingCreateProgramMutation, G.BillingCreateProgramMutationVariables>`
  mutation BillingCreateProgram($name: String!, $location_id: ID!, $color: String) {
    createBillingProgram(name: $name, location_id: $location_id, color: $color) { ${RESULT} }
  }
`;

export const UpdateProgramMutation = gql<G.BillingUpdateProgramMutation, G.BillingUpdateProgramMutationVariables>`
  mutation BillingUpdateProgram($id: ID!, $name: String, $color: String) {
    updateBillingProgram(id: $id, name: $name, color: $color) { ${RESULT} }
  }
`;

export const DeleteProgramMutation = gql<G.BillingDeleteProgramMutation, G.BillingDeleteProgramMutationVariables>`
  mutation BillingDeleteProgram($id: ID!) {
    deleteBillingProgram(id: $id) { ${RESULT} }
  }
`;

export const AssignProgramMutation = gql<G.BillingAssignProgramMutation, G.BillingAssignProgramMutationVariables>`
  mutation BillingAssignProgram($student_ids: [ID!]!, $billing_program_id: ID) {
    setStudentBillingProgram(student_ids: $student_ids, billing_program_id: $billing_program_id) { ${RESULT} }
  }
`;

export const CreateCategoryMutation = gql<G.BillingCreateCategoryMutation, G.BillingCreateCategoryMutationVariables>`
  mutation BillingCreateCategory($location_id: ID!, $name: String!) {
    createChargeCategory(location_id: $location_id, name: $name) { ${RESULT} }
  }
`;

export const DeleteCategoryMutation = gql<G.BillingDeleteCategoryMutation, G.BillingDeleteCategoryMutationVariables>`
  mutation BillingDeleteCategory($id: ID!) {
    deleteChargeCategory(id: $id) { ${RESULT} }
  }
`;

export const CreatePresetMutation = gql<G.BillingCreatePresetMutation, G.BillingCreatePresetMutationVariables>`
  mutation BillingCreatePreset($location_id: ID!, $name: String!, $amount: Cents!, $detail: String, $category_id: ID) {
    createBillingPreset(location_id: $location_id, name: $name, amount: $amount, detail: $detail, category_id: $category_id) { ${RESULT} }
  }
`;

export const DeletePresetMutation = gql<G.BillingDeletePresetMutation, G.BillingDeletePresetMutationVariables>`
  mutation BillingDeletePreset($id: ID!) {
    deleteBillingPreset(id: $id) { ${RESULT} }
  }
`;

export const CreateVariableChargeMutation = gql<G.BillingCreateVariableChargeMutation, G.BillingCreateVariableChargeMutationVariables>`
  mutation BillingCreateVariableCharge(
    $location_id: ID!
    $details: String!
    $amount: Cents!
    $max_amount: Cents
    $interval: Int!
    $end_time: String
    $category_id: ID
  ) {
    createVariableCharge(
      location_id: $location_id
      details: $details
      amount: $amount
      max_amount: $max_amount
      interval: $interval
      end_time: $end_time
      category_id: $category_id
    ) {
      ${RESULT}
    }
  }
`;

export const DeleteVariableChargeMutation = gql<G.BillingDeleteVariableChargeMutation, G.BillingDeleteVariableChargeMutationVariables>`
  mutation BillingDeleteVariableCharge($id: ID!) {
    deleteVariableCharge(id: $id) { ${RESULT} }
  }
`;

export const SaveTemplateMutation = gql<G.BillingSaveTemplateMutation, G.BillingSaveTemplateMutationVariables>`
  mutation BillingSaveTemplate($location_id: ID, $name: String!, $amount: Cents!, $period: String!) {
    savePlanTemplate(location_id: $location_id, name: $name, amount: $amount, period: $period) { ${RESULT} }
  }
`;

export const DeleteTemplateMutation = gql<G.BillingDeleteTemplateMutation, G.BillingDeleteTemplateMutationVariables>`
  mutation BillingDeleteTemplate($id: ID!) {
    deletePlanTemplate(id: $id) { ${RESULT} }
  }
`;

export const UpdateIsPayerMutation = gql<G.BillingUpdateIsPayerMutation, G.BillingUpdateIsPayerMutationVariables>`
  mutation BillingUpdateIsPayer($student_id: ID!, $user_id: ID!, $is_payer: Boolean!) {
    updateIsPayer(student_id: $student_id, user_id: $user_id, is_payer: $is_payer) { ${RESULT} }
  }
`;

export const BillingUpcomingQuery = gql<G.BillingUpcomingQuery, G.BillingUpcomingQueryVariables>`
  query BillingUpcoming($student_id: ID!) {
    getStudentUpcomingInvoices(student_id: $student_id) {
      plan_id
      name
      date
      period_start
      period_end
      amount
    }
  }
`;
