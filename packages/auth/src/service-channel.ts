import type { ServicePurpose } from './tokens.ts';

/**
 * The control-plane channel: what the tenant API may ask the control plane, as a centre, with a
 * service token of one purpose. Over HTTP a call is `POST <CENTRE_API_PATH>/<purpose>` with the
 * token as bearer and the input as JSON; in one process the same handler is called directly.
 */
export const CENTRE_API_PATH = '/internal/centre-api';

/** The answer of a call: `data`, or an error with its code (and the input field it concerns). */
export type ChannelAnswer<T = unknown> = { status: number; body: { data: T } | { error: ChannelErrorBody } };

export interface ChannelErrorBody {
  code: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'UNAVAILABLE';
  message: string;
  field?: string;
}

/** A platform catalogue (immunizations, learning frameworks, newsletter templates, …). */
export interface CatalogueInfo {
  name: string;
  title: string;
  description: string | null;
  updated_at: string;
  items: { key: string; position: number; data: Record<string, unknown> }[];
}

/** The centre's own plan and trial, as the platform bills it. */
export interface CentrePlanInfo {
  center_id: string;
  status: string;
  plan: { id: string; name: string; amount: string; period: 'month' | 'year'; note: string | null } | null;
  on_trial: boolean;
  /** YYYY-MM-DD. */
  trial_start_date: string | null;
  trial_days: number | null;
  /** YYYY-MM-DD: the first day the trial no longer covers. */
  trial_ends_on: string | null;
  /** Days of trial left today (0 once it ended); null when not on trial. */
  trial_days_left: number | null;
  payment_start: string | null;
  payment_end: string | null;
  /** How the centre pays: card (the default card is charged), or transfer/cheque (the owner pays each invoice, kept pending until approved). */
  billing_method: 'card' | 'transfer' | 'cheque';
}

/** One public website or blog of the centre, as its tenant API serves it at `/site/<slug>`. */
export interface ReportedWebsite {
  /** The centre's own id of the site (uuid). */
  id: string;
  slug: string;
  title: string;
  kind: 'website' | 'blog';
  pages: number;
  published: boolean;
  /** ISO instant of the site's last change. */
  updated_at: string;
}

/** What the platform kept of a report: how many sites, and the slugs an operator holds offline. */
export interface WebsitesReportResult {
  stored: number;
  offline: string[];
}

/** One invoice of the platform to the centre (amounts as dollars text, e.g. "129.00"; dates YYYY-MM-DD). */
export interface CentreInvoiceInfo {
  id: string;
  plan_name: string | null;
  period_start: string;
  period_end: string;
  due_date: string;
  amount: string;
  paid_amount: string;
  balance: string;
  status: 'open' | 'paid' | 'void';
  paid_at: string | null;
  created_at: string;
}

/** One payment of the centre to the platform. */
export interface CentrePaymentInfo {
  id: string;
  invoice_id: string | null;
  amount: string;
  method: 'card' | 'transfer' | 'cheque';
  status: 'pending' | 'succeeded' | 'failed';
  reference: string | null;
  failure_message: string | null;
  created_at: string;
}

/** A saved card of the centre at the platform's provider: brand, last four and expiry only. */
export interface CentreCardInfo {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}

/** The centre's own billing with the platform: latest invoices and payments, saved cards, and the key Stripe.js needs to add a card. */
export interface CentreBillingInfo {
  invoices: CentreInvoiceInfo[];
  payments: CentrePaymentInfo[];
  cards: CentreCardInfo[];
  /** The platform account's publishable key; null when card payments are not configured. */
  publishable_key: string | null;
}

/**
 * Pays one open invoice of the centre: by card (a new card Stripe.js made, saved as the default, or
 * without one the default card), or a transfer or cheque with its reference, kept pending until the
 * platform approves it.
 */
export interface CentrePayInput {
  invoice_id: string;
  /** card (when absent), transfer or cheque. */
  method?: 'card' | 'transfer' | 'cheque' | null;
  payment_method_id?: string | null;
  /** The transfer or cheque reference (required for them). */
  reference?: string | null;
  /** Who pays, as the centre names them (kept on the payment). */
  paid_by: string;
}

export interface ChannelCalls {
  'catalogue.read': { input: { name: string }; output: CatalogueInfo };
  'plan.read': { input: Record<string, never>; output: CentrePlanInfo };
  'websites.report': { input: { sites: ReportedWebsite[] }; output: WebsitesReportResult };
  'billing.read': { input: Record<string, never>; output: CentreBillingInfo };
  'billing.pay': { input: CentrePayInput; output: { message: string; payments: CentrePaymentInfo[] } };
}

export type ChannelInput<P extends ServicePurpose> = ChannelCalls[P]['input'];
export type ChannelOutput<P extends ServicePurpose> = ChannelCalls[P]['output'];
