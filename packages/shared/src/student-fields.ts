/**
 * Student fields a centre may let parents edit (spec §6 `can_edit_fields`): the location settings
 * offer these, the server accepts no other, and a parent's edit is checked against the chosen ones.
 */
export const PARENT_EDITABLE_STUDENT_FIELDS = [
  'fname',
  'middle_name',
  'lname',
  'nick_name',
  'image',
  'dob',
  'gender',
  'race',
  'ethnicity',
  'allergies',
  'medications',
  'doctor_name',
  'doctor_phone',
  'note',
  'street_1',
  'street_2',
  'city',
  'state',
  'country',
  'zip',
] as const;

export type ParentEditableStudentField = (typeof PARENT_EDITABLE_STUDENT_FIELDS)[number];

export function isParentEditableStudentField(value: unknown): value is ParentEditableStudentField {
  return typeof value === 'string' && (PARENT_EDITABLE_STUDENT_FIELDS as readonly string[]).includes(value);
}
