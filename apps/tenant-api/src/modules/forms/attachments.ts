import type { Knex } from 'knex';
import { findFiles } from '../files/index.ts';
import type { FormField } from './templates.ts';
import type { FieldProblem } from './values.ts';

/** The upload purpose of a web form's file field (files area, `purposes.ts`). */
export const FORM_ATTACHMENT_PURPOSE = 'form_attachment';

/**
 * The problems of the files named by a submission's file fields: each must be a checked
 * `form_attachment` of this child that the submitter uploaded, or the file the entry already held
 * in that field (a resubmission keeps it). Anything else — another family's file, another child's,
 * another purpose, an upload still being checked — is refused, so a file id alone never grants a read.
 */
export async function attachmentProblems(
  db: Knex | Knex.Transaction,
  input: {
    fields: FormField[];
    values: Record<string, string | string[]>;
    studentId: string;
    uploaderId: string;
    previous: Record<string, unknown> | null;
  },
): Promise<FieldProblem[]> {
  const named = input.fields.filter((f) => f.type === 'file' && typeof input.values[f.id] === 'string');
  if (!named.length) return [];
  const files = new Map((await findFiles(db, named.map((f) => input.values[f.id] as string))).map((f) => [String(f.id), f]));
  const problems: FieldProblem[] = [];
  for (const field of named) {
    const fileId = input.values[field.id] as string;
    if (input.previous && input.previous[field.id] === fileId) continue;
    const file = files.get(fileId);
    const usable =
      file &&
      file.purpose === FORM_ATTACHMENT_PURPOSE &&
      String(file.owner_id) === String(input.studentId) &&
      String(file.uploaded_by) === String(input.uploaderId);
    if (!usable) problems.push({ field: field.id, code: 'FORM_FIELD_INVALID', message: `${field.name}: upload the file again.` });
    else if (file.status === 'pending' || file.status === 'checking')
      problems.push({ field: field.id, code: 'FORM_FIELD_INVALID', message: `${field.name}: the file is still being checked; send the form again in a moment.` });
    else if (file.status !== 'ready')
      problems.push({ field: field.id, code: 'FORM_FIELD_INVALID', message: `${field.name}: ${file.reason ?? 'the file was refused'}; upload another file.` });
  }
  return problems;
}
