import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { MAX_CENTS } from '@kv/shared';
import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { isoTime } from '../../core/result.ts';
import * as setup from './service/setup.ts';
import * as plans from './service/plans.ts';
import * as invoices from './service/invoices.ts';
import * as payments from './service/payments.ts';
import * as payers from './service/payers.ts';
import * as followup from './service/followup.ts';
import * as reports from './service/reports.ts';
import * as upcoming from './service/upcoming.ts';
import { agencyMutations, agencyQueries } from './agency-resolvers.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;
type Ctx = RequestContext;

function toCents(v: unknown): number {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new TypeError('Cents must be a whole number of cents.');
  return n;
}

/** A GraphQLError (not a TypeError), so a bad value is the client's BAD_USER_INPUT, never INTERNAL. */
const notCents = () => new GraphQLError('An amount is whole cents (an integer), e.g. 1250 for $12.50.');

function parseCents(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || Math.abs(v) > MAX_CENTS) throw notCents();
  return v;
}

/** Integer cents in and out; a negative value passes here and is refused by the field that takes it. */
export const Cents = new GraphQLScalarType({
  name: 'Cents',
  description: 'Money in integer cents.',
  serialize: toCents,
  parseValue: parseCents,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) throw notCents();
    return parseCents(Number(ast.value));
  },
});

export const billingResolvers: Resolvers = {
  Cents,
  Query: {
    getBillingPrograms: (_: unknown, a: Args, c: Ctx) => setup.getBillingPrograms(c, a),
    getChargeCategories: (_: unknown, a: Args, c: Ctx) => setup.getChargeCategories(c, a),
    getBillingPresets: (_: unknown, a: Args, c: Ctx) => setup.getBillingPresets(c, a),
    getVariableCharges: (_: unknown, a: Args, c: Ctx) => setup.getVariableCharges(c, a),
    getPlanTemplates: (_: unknown, a: Args, c: Ctx) => setup.getPlanTemplates(c, a),
    getBillingPlans: (_: unknown, a: Args, c: Ctx) => plans.getBillingPlans(c, a),
    getInvoices: (_: unknown, a: Args, c: Ctx) => invoices.getInvoices(c, a),
    getStudentAllInvoices: (_: unknown, a: Args, c: Ctx) => invoices.getStudentAllInvoices(c, a),
    getPayments: (_: unknown, a: Args, c: Ctx) => payments.getPayments(c, a),
    getStudentAllPayments: (_: unknown, a: Args, c: Ctx) => payments.getStudentAllPayments(c, a),
    getPaymentsList: (_: unknown, a: Args, c: Ctx) => payments.getPaymentsList(c, a),
    getCredits: (_: unknown, a: Args, c: Ctx) => payments.getCredits(c, a),
    getAccountDetails: (_: unknown, a: Args, c: Ctx) => payments.getAccountDetails(c, a),
    getStudentPayersAndNonPayers: (_: unknown, a: Args, c: Ctx) => payers.getStudentPayersAndNonPayers(c, a),
    getBillingOverviewDetails: (_: unknown, a: Args, c: Ctx) => followup.getBillingOverviewDetails(c, a),
    getBalanceReport: (_: unknown, a: Args, c: Ctx) => reports.getBalanceReport(c, a),
    getTransactionReport: (_: unknown, a: Args, c: Ctx) => reports.getTransactionReport(c, a),
    getInvoiceReport: (_: unknown, a: Args, c: Ctx) => reports.getInvoiceReport(c, a),
    getPaymentReport: (_: unknown, a: Args, c: Ctx) => reports.getPaymentReport(c, a),
    getBillingSummaryReport: (_: unknown, a: Args, c: Ctx) => reports.getBillingSummaryReport(c, a),
    getStudentUpcomingInvoices: (_: unknown, a: Args, c: Ctx) => upcoming.getStudentUpcomingInvoices(c, a),
    ...agencyQueries,
  },
  Mutation: {
    createBillingProgram: (_: unknown, a: Args, c: Ctx) => setup.createBillingProgram(c, a),
    updateBillingProgram: (_: unknown, a: Args, c: Ctx) => setup.updateBillingProgram(c, a),
    deleteBillingProgram: (_: unknown, a: Args, c: Ctx) => setup.deleteBillingProgram(c, a),
    setStudentBillingProgram: (_: unknown, a: Args, c: Ctx) => setup.setStudentBillingProgram(c, a),
    createChargeCategory: (_: unknown, a: Args, c: Ctx) => setup.createChargeCategory(c, a),
    updateChargeCategory: (_: unknown, a: Args, c: Ctx) => setup.updateChargeCategory(c, a),
    deleteChargeCategory: (_: unknown, a: Args, c: Ctx) => setup.deleteChargeCategory(c, a),
    createBillingPreset: (_: unknown, a: Args, c: Ctx) => setup.createBillingPreset(c, a),
    updateBillingPreset: (_: unknown, a: Args, c: Ctx) => setup.updateBillingPreset(c, a),
    deleteBillingPreset: (_: unknown, a: Args, c: Ctx) => setup.deleteBillingPreset(c, a),
    createVariableCharge: (_: unknown, a: Args, c: Ctx) => setup.createVariableCharge(c, a),
    updateVariableCharge: (_: unknown, a: Args, c: Ctx) => setup.updateVariableCharge(c, a),
    deleteVariableCharge: (_: unknown, a: Args, c: Ctx) => setup.deleteVariableCharge(c, a),
    savePlanTemplate: (_: unknown, a: Args, c: Ctx) => setup.savePlanTemplate(c, a),
    deletePlanTemplate: (_: unknown, a: Args, c: Ctx) => setup.deletePlanTemplate(c, a),
    createBillingPlan: (_: unknown, a: Args, c: Ctx) => plans.createBillingPlan(c, a),
    updateBillingPlan: (_: unknown, a: Args, c: Ctx) => plans.updateBillingPlan(c, a),
    pauseBillingPlan: (_: unknown, a: Args, c: Ctx) => plans.pauseBillingPlan(c, a),
    unpauseBillingPlan: (_: unknown, a: Args, c: Ctx) => plans.unpauseBillingPlan(c, a),
    deactivateBillingPlan: (_: unknown, a: Args, c: Ctx) => plans.deactivateBillingPlan(c, a),
    addNewItemToInvoice: (_: unknown, a: Args, c: Ctx) => invoices.addNewItemToInvoice(c, a),
    updateInvoiceNote: (_: unknown, a: Args, c: Ctx) => invoices.updateInvoiceNote(c, a),
    voidInvoice: (_: unknown, a: Args, c: Ctx) => invoices.voidInvoice(c, a),
    saveWaiveInvoice: (_: unknown, a: Args, c: Ctx) => invoices.saveWaiveInvoice(c, a),
    saveBillTransferInvoice: (_: unknown, a: Args, c: Ctx) => invoices.saveBillTransferInvoice(c, a),
    applyVariableChargesToStudents: (_: unknown, a: Args, c: Ctx) => invoices.applyVariableChargesToStudents(c, a),
    saveStudentAttendanceInvoice: (_: unknown, a: Args, c: Ctx) => invoices.saveStudentAttendanceInvoice(c, a),
    savePayment: (_: unknown, a: Args, c: Ctx) => payments.savePayment(c, a),
    voidPayment: (_: unknown, a: Args, c: Ctx) => payments.voidPayment(c, a),
    refundPayment: (_: unknown, a: Args, c: Ctx) => payments.refundPayment(c, a),
    unapplyTransaction: (_: unknown, a: Args, c: Ctx) => payments.unapplyTransaction(c, a),
    applyCredit: (_: unknown, a: Args, c: Ctx) => payments.applyCredit(c, a),
    saveStudentPayerShares: (_: unknown, a: Args, c: Ctx) => payers.saveStudentPayerShares(c, a),
    sendUnpaidReminder: (_: unknown, a: Args, c: Ctx) => followup.sendUnpaidReminder(c, a),
    ...agencyMutations,
  },
  InvoiceItem: {
    discount: (r: Row) => Number(r.discount ?? 0),
    discounts: (r: Row) => (Array.isArray(r.discounts) ? r.discounts.map(String) : []),
  },
  Invoice: { created_at: (r: Row) => isoTime(r.created_at) },
  Payment: { created_at: (r: Row) => isoTime(r.created_at) },
  BillingTransaction: { created_at: (r: Row) => isoTime(r.created_at) },
};
