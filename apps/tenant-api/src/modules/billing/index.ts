import { sdl, type TenantModule } from '../../core/module.ts';
import { billingResolvers } from './resolvers.ts';
import { billingLoaders } from './loaders.ts';
import { stripeResolvers } from './stripe/resolvers.ts';

/** Family billing: set-up, plans, invoices, payments, payer shares, the ledger (issue 19). */
export const billingModule: TenantModule = {
  name: 'billing',
  schema: [sdl(import.meta.url), sdl(import.meta.url, 'agencies.graphql'), sdl(import.meta.url, 'stripe.graphql')].join('\n'),
  resolvers: {
    ...billingResolvers,
    Query: { ...billingResolvers.Query, ...stripeResolvers.Query },
    Mutation: { ...billingResolvers.Mutation, ...stripeResolvers.Mutation },
  },
  loaders: billingLoaders,
};

// What other modules (and the app around them) may use:
export { BILLING_QUEUE, BILLING_RUN_JOB, registerBillingJobs, runBillingJob, runDailyBilling, scheduleBillingRun, startBillingRun } from './jobs.ts';
export { issueDueInvoices } from './repo/invoices.ts';
export type { InvoiceRow, ItemRow } from './repo/invoices.ts';
export type { PaymentRow } from './repo/payments.ts';
export type { LedgerRow } from './repo/ledger.ts';
export { AUTOPAY_JOB, registerAutopayJobs, runAutopay, runAutopayJob, startAutopay } from './stripe/jobs.ts';
export { stripeWebhookRoutes, handleStripeWebhook } from './service/stripe-webhooks.ts';
export { stripeDevRoutes } from './stripe/dev-routes.ts';
export { stripeJsUrl } from './stripe/client.ts';
