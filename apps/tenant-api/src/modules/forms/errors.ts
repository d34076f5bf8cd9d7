import { AppError, badInput, notFound } from '@kv/server';
import type { FieldProblem } from './values.ts';

/** The closed set of the forms area's error codes (plus the common ones). */
export const FormError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const formNotFound = (field = 'id') => new AppError(FormError.NotFound, 'Form not found.', { field });
export const fieldNotFound = () => new AppError(FormError.NotFound, 'This field is not on the form.', { field: 'field_id' });
export const submissionNotFound = (field = 'id') => new AppError(FormError.NotFound, 'Submission not found.', { field });
export const studentNotFound = (field = 'student_id') => new AppError(FormError.NotFound, 'Student not found.', { field });
export const locationNotFound = () => new AppError(FormError.NotFound, 'Location not found.', { field: 'location_id' });
export const templateNotFound = () => badInput('template_id', 'Choose one of the form templates.');
export const notShared = () => badInput('form_id', 'This form was not shared for this child.');
export const notAWebForm = () => badInput('form_id', 'Only web forms are filled here.');
export const alreadySubmitted = () => badInput('form_id', 'This form was already submitted for this child; wait for a review or a change request.');
export const needsConsent = () => badInput('esign_consent', 'Agree to sign electronically before signing.');
export const wrongState = (from: string) => badInput('id', `This submission is ${from.replace('_', ' ')}: it cannot be reviewed now.`);
export const noTargets = () => badInput('students', 'Choose locations, rooms or children to share the form with.');
export const optionsNeeded = () => badInput('options', 'Select and radio fields need at least one option.');
export const noFields = () => notFound('No such form version.');

/**
 * Spec submitForm: every bad field at once, one typed problem each (`extensions.errors`), the
 * first named in `extensions.field`; nothing is saved.
 */
export function invalidFields(problems: FieldProblem[]): AppError {
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new AppError(FormError.BadInput, `${first.message}${more}`, { field: first.field, reason: first.code, errors: problems });
}
export const notAPrintedForm = () => badInput('form_id', 'Only printed forms are filled here.');
export const uploadNotUsable = () => badInput('file_id', 'Upload the form’s PDF (a printed_form upload of this location) first.');
export const noPdf = () => badInput('file_id', 'This printed form has no PDF yet: the manager uploads it first.');
export const badPlacement = (index: number, message: string) => badInput(`fields.${index}.placement`, message);
export const parentsOnly = () => new AppError(FormError.Forbidden, 'Only a parent signs here; staff sign for a child with submitPdfFormStaff.', { field: 'student_id' });
export const staffOnly = () => new AppError(FormError.Forbidden, 'Only staff sign here; parents sign with submitPdfFormParent.', { field: 'student_id' });
