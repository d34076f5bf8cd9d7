import { sdl, type TenantModule } from '../../core/module.ts';
import { formResolvers } from './resolvers.ts';
import { formLoaders } from './loaders.ts';

/**
 * Web and printed forms and submissions with e-signatures (issue 20): forms of a location with versioned
 * fields, shares to families, entries checked against their version, reviews (approve, reject,
 * request a change → resubmit), drawn or typed ESIGN signatures sealed by a SHA-256. Printed
 * forms: a PDF with fields placed on its pages, filled and signed into a flattened PDF that ends
 * with a certificate page, stored as a `signed_pdf` (`service/printed.ts`, `pdf.ts`).
 * Emits `form.shared` and `submission.status_changed` (ids only) for communication.
 */
export const formsModule: TenantModule = {
  name: 'forms',
  schema: sdl(import.meta.url),
  resolvers: formResolvers,
  loaders: formLoaders,
};

// What other modules (and the app around them, the demo seed) may use:
export { FORM_SHARED } from './service/forms.ts';
export { SUBMISSION_STATUS_CHANGED } from './service/submissions.ts';
export { TEMPLATES, templateFields, templatesFor, FIELD_TYPES, type FormField, type FormTemplate } from './templates.ts';
export { checkValues, signatureHash } from './values.ts';
export { assignedFormStatus } from './repo.ts';
export { pageCount, sealPrintedPdf, pdfSha256, CERTIFICATE_TITLE } from './pdf.ts';
export { sealSubmission, verifySubmission, PRINTED_FORM_PURPOSE, SIGNED_PDF_PURPOSE } from './service/printed.ts';
export type { Placement } from './templates.ts';
export { registerFormEvents, formAutomationsHandler } from './events.ts';
export { formNotices } from './notices-port.ts';
