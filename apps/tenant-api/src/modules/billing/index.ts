import { sdl, type TenantModule } from '../../core/module.ts';
import { billingResolvers } from './resolvers.ts';
import { billingLoaders } from './loaders.ts';

/** Family billing: set-up, plans, invoices, payments, payer shares, the ledger (issue 19). */
export const billingModule: TenantModule = {
  name: 'billing',
  schema: sdl(import.meta.url) + '\n' + sdl(import.meta.url, 'agencies.graphql'),
  resolvers: billingResolvers,
  loaders: billingLoaders,
};

// What other modules (and the app around them) may use:
export { BILLING_QUEUE, BILLING_RUN_JOB, registerBillingJobs, runBillingJob, scheduleBillingRun, startBillingRun } from './jobs.ts';
export { issueDueInvoices } from './repo/invoices.ts';
export type { InvoiceRow, ItemRow } from './repo/invoices.ts';
export type { PaymentRow } from './repo/payments.ts';
export type { LedgerRow } from './repo/ledger.ts';
