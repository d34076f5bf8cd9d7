import type { RequestContext } from '../../types.ts';
import * as agencies from './service/agencies.ts';
import * as subsidy from './service/subsidy.ts';

type Args = Record<string, unknown>;
type Ctx = RequestContext;

/** Agencies and subsidy reconciliation (agencies.graphql), spread into the billing resolvers. */
export const agencyQueries = {
  getAgencies: (_: unknown, a: Args, c: Ctx) => agencies.getAgencies(c, a),
  getAgency: (_: unknown, a: Args, c: Ctx) => agencies.getAgency(c, a),
  getAgencyStudentList: (_: unknown, a: Args, c: Ctx) => agencies.getAgencyStudentList(c, a),
  getAgencyNextInvoices: (_: unknown, a: Args, c: Ctx) => agencies.getAgencyNextInvoices(c, a),
  getAgencyInvoices: (_: unknown, a: Args, c: Ctx) => agencies.getAgencyInvoices(c, a),
  getAgencyPayments: (_: unknown, a: Args, c: Ctx) => agencies.getAgencyPayments(c, a),
  getSubsidyReconciliation: (_: unknown, a: Args, c: Ctx) => subsidy.getSubsidyReconciliation(c, a),
};

export const agencyMutations = {
  createAgency: (_: unknown, a: Args, c: Ctx) => agencies.createAgency(c, a),
  updateAgency: (_: unknown, a: Args, c: Ctx) => agencies.updateAgency(c, a),
  deleteAgency: (_: unknown, a: Args, c: Ctx) => agencies.deleteAgency(c, a),
  updateAgencyStudents: (_: unknown, a: Args, c: Ctx) => agencies.updateAgencyStudents(c, a),
  removeAgencyStudent: (_: unknown, a: Args, c: Ctx) => agencies.removeAgencyStudent(c, a),
  issueAgencyInvoices: (_: unknown, a: Args, c: Ctx) => agencies.issueAgencyInvoices(c, a),
  saveAgencyPayment: (_: unknown, a: Args, c: Ctx) => agencies.saveAgencyPayment(c, a),
};
