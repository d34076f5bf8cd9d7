import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import * as forms from './service/forms.ts';
import * as submissions from './service/submissions.ts';
import * as printed from './service/printed.ts';
import * as automations from './service/automations.ts';
import * as links from './service/links.ts';
import { isStaff } from '../../core/access.ts';
import type { SubmissionRow } from './repo.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

/** The entry's version's fields with the stored values (a checkbox list as JSON). */
function submissionFields(r: SubmissionRow) {
  return (r.fields ?? []).map((f) => {
    const v = r.values?.[f.id];
    const value = v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : String(v);
    // The child travels with the field so its file loader accepts only that child's attachment.
    return { id: f.id, type: f.type, name: f.name, required: f.required, value, __student: String(r.student_id) };
  });
}

export const formResolvers: Resolvers = {
  Query: {
    getForms: (_: unknown, args: Args, ctx: RequestContext) => forms.getForms(ctx, args),
    getSingleForm: (_: unknown, args: Args, ctx: RequestContext) => forms.getSingleForm(ctx, args),
    getCustomFormFields: (_: unknown, args: Args, ctx: RequestContext) => forms.getCustomFormFields(ctx, args),
    getCustomFormEntries: (_: unknown, args: Args, ctx: RequestContext) => submissions.getCustomFormEntries(ctx, args),
    getWebFormEntries: (_: unknown, args: Args, ctx: RequestContext) => submissions.getWebFormEntries(ctx, args),
    getCustomFormFilters: (_: unknown, args: Args, ctx: RequestContext) => forms.getCustomFormFilters(ctx, args),
    getCustomFormLogs: (_: unknown, args: Args, ctx: RequestContext) => automations.getCustomFormLogs(ctx, args),
    getCustomFormNotificationSettings: (_: unknown, args: Args, ctx: RequestContext) => automations.getCustomFormNotificationSettings(ctx, args),
    getCustomFormAutomationSettings: (_: unknown, args: Args, ctx: RequestContext) => automations.getCustomFormAutomationSettings(ctx, args),
    getCustomFormRecipients: (_: unknown, args: Args, ctx: RequestContext) => automations.getCustomFormRecipients(ctx, args),
    getCustomFormTemplates: (_: unknown, _args: Args, ctx: RequestContext) => forms.getCustomFormTemplates(ctx),
    getSingleSubmissionDetail: (_: unknown, args: Args, ctx: RequestContext) => submissions.getSingleSubmissionDetail(ctx, args),
    getStudentSubmissions: (_: unknown, args: Args, ctx: RequestContext) => submissions.getStudentSubmissions(ctx, args),
    checkRequestChange: (_: unknown, args: Args, ctx: RequestContext) => submissions.checkRequestChange(ctx, args),
    verifySignedPdf: (_: unknown, args: Args, ctx: RequestContext) => printed.verifySignedPdf(ctx, args),
    getWebFormPreview: (_: unknown, args: Args, ctx: RequestContext) => links.getWebFormPreview(ctx, args),
  },
  Mutation: {
    createForm: (_: unknown, args: Args, ctx: RequestContext) => forms.createForm(ctx, args),
    updateForm: (_: unknown, args: Args, ctx: RequestContext) => forms.updateForm(ctx, args),
    deleteForm: (_: unknown, args: Args, ctx: RequestContext) => forms.deleteForm(ctx, args),
    addFormField: (_: unknown, args: Args, ctx: RequestContext) => forms.addFormField(ctx, args),
    updateFormField: (_: unknown, args: Args, ctx: RequestContext) => forms.updateFormField(ctx, args),
    removeFormField: (_: unknown, args: Args, ctx: RequestContext) => forms.removeFormField(ctx, args),
    setFormFieldRequired: (_: unknown, args: Args, ctx: RequestContext) => forms.setFormFieldRequired(ctx, args),
    submitForm: (_: unknown, args: Args, ctx: RequestContext) => submissions.submitForm(ctx, args),
    approveSubmittedForm: (_: unknown, args: Args, ctx: RequestContext) => submissions.approveSubmittedForm(ctx, args),
    rejectSubmittedForm: (_: unknown, args: Args, ctx: RequestContext) => submissions.rejectSubmittedForm(ctx, args),
    requestChangeForm: (_: unknown, args: Args, ctx: RequestContext) => submissions.requestChangeForm(ctx, args),
    setFormLink: (_: unknown, args: Args, ctx: RequestContext) => links.setFormLink(ctx, args),
    shareFormWithParents: (_: unknown, args: Args, ctx: RequestContext) => forms.shareFormWithParents(ctx, args),
    savePrintedFormFields: (_: unknown, args: Args, ctx: RequestContext) => printed.savePrintedFormFields(ctx, args),
    submitPdfFormParent: (_: unknown, args: Args, ctx: RequestContext) => printed.submitPdfFormParent(ctx, args),
    submitPdfFormStaff: (_: unknown, args: Args, ctx: RequestContext) => printed.submitPdfFormStaff(ctx, args),
    saveCustomFormNotificationSettings: (_: unknown, args: Args, ctx: RequestContext) => automations.saveCustomFormNotificationSettings(ctx, args),
    saveCustomFormAutomationSettings: (_: unknown, args: Args, ctx: RequestContext) => automations.saveCustomFormAutomationSettings(ctx, args),
    importCustomForm: (_: unknown, args: Args, ctx: RequestContext) => automations.importCustomForm(ctx, args),
  },
  Form: {
    // The link's key is the staff's to hand out: families reading a form shared with them never get it.
    link_key: (r: Row, _a: Args, ctx: RequestContext) => (ctx.viewer && isStaff(ctx.viewer) ? (r.link_key ?? null) : null),
    created_at: (r: Row) => isoTime(r.created_at),
    updated_at: (r: Row) => isoTime(r.updated_at),
  },
  FormSubmission: {
    fields: (r: Row) => submissionFields(r as unknown as SubmissionRow),
    student: (r: Row) => ({ id: r.student_id, fname: r.student_fname, lname: r.student_lname }),
    submitted_at: (r: Row) => isoTime(r.submitted_at),
    reviewed_at: (r: Row) => iso(r.reviewed_at),
  },
  FormSignature: {
    signed_at: (r: Row) => isoTime(r.signed_at),
    consent_at: (r: Row) => isoTime(r.consent_at),
  },
  ChangeRequest: {
    created_at: (r: Row) => isoTime(r.created_at),
    resolved_at: (r: Row) => iso(r.resolved_at),
  },
  FormLog: {
    created_at: (r: Row) => isoTime(r.created_at),
  },
  FormNotificationSettings: {
    updated_at: (r: Row) => iso(r.updated_at),
  },
} as unknown as Resolvers;
