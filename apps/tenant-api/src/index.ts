export { buildTenantApp, type BuildOptions } from './app.ts';
export { createThrottles } from './plugins/app/throttles.ts';
export { registerTenantEvents, registerTenantJobs, startTenantSchedules, type TenantJobDeps } from './worker.ts';
export { tenantSchemaText } from './plugins/app/graphql.ts';
export type {
  TenantApiDeps,
  TenantApiConfig,
  DirectoryReader,
  OutboxKicker,
  EventKicker,
  RequestContext,
  GoogleCalendarConfig,
} from './types.ts';
export { startCameraSweep, startDevOrigin } from './modules/watching/index.ts';
export { acceptedAudit, checkAndStore, purposeOf, rulesOf, type ReadyColumns } from './modules/files/index.ts';
export { TEMPLATES as FORM_TEMPLATES, templateFields, templatesFor, signatureHash, type FormField } from './modules/forms/index.ts';
export { pageCount, sealPrintedPdf, sealSubmission, verifySubmission, PRINTED_FORM_PURPOSE, SIGNED_PDF_PURPOSE, type Placement } from './modules/forms/index.ts';
export { instants, occurrences } from './modules/calendar/index.ts';
export { ratioSnapshot } from './modules/ratios/index.ts';
export { syncGaps } from './modules/documents/index.ts';
export { storeVersions as storeImmunizationVersions } from './modules/immunizations/index.ts';
