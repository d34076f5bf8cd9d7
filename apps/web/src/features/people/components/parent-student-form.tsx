import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import type { ParentEditableStudentField } from '@kv/shared';
import { TextField } from '../../../components/form/text-field';
import type { StudentDetail } from '../api/fragments';
import { UpdateStudentMutation } from '../api/students.mutation';
import { useFinish } from '../hooks/use-notice-call';

/** The text fields of this form, among those a parent may be allowed to change (the centre's can_edit_fields decides which). */
const PARENT_FIELDS = [
  'fname',
  'lname',
  'middle_name',
  'nick_name',
  'dob',
  'gender',
  'doctor_name',
  'doctor_phone',
  'street_1',
  'street_2',
  'city',
  'state',
  'zip',
  'country',
  'note',
] as const satisfies readonly ParentEditableStudentField[];
type ParentField = (typeof PARENT_FIELDS)[number];
type Values = Record<ParentField, string>;

const LABEL: Record<ParentField, string> = {
  fname: 'people:student.fname',
  lname: 'people:student.lname',
  middle_name: 'people:student.middleName',
  nick_name: 'people:student.nickName',
  dob: 'people:student.dob',
  gender: 'people:student.gender',
  doctor_name: 'people:student.doctorName',
  doctor_phone: 'people:student.doctorPhone',
  street_1: 'people:student.street1',
  street_2: 'people:student.street2',
  city: 'people:student.city',
  state: 'people:student.state',
  zip: 'people:student.zip',
  country: 'people:student.country',
  note: 'people:student.note',
};

/** A parent edits their own child within the centre's edit settings (can_edit_student, can_edit_fields). */
export function ParentStudentForm({ student, fields, onSaved }: { student: StudentDetail; fields: string[]; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, update] = useMutation(UpdateStudentMutation);
  const allowed = PARENT_FIELDS.filter((f) => fields.includes(f));
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: Object.fromEntries(PARENT_FIELDS.map((f) => [f, (student[f] as string | null) ?? ''])) as Values,
  });
  if (allowed.length === 0) return null;
  return (
    <form
      noValidate
      aria-label={t('people:profile.editOwn')}
      onSubmit={handleSubmit(async (v) => {
        const patch = Object.fromEntries(allowed.map((f) => [f, v[f].trim() === '' ? null : v[f].trim()]));
        const r = await update({ id: student.id, ...patch } as Parameters<typeof update>[0]);
        if (finish(r.error, r.data?.updateNewStudent, { setError, fields: allowed })) onSaved();
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {allowed.map((f) => (
            <TextField
              key={f}
              control={control}
              name={f}
              type={f === 'dob' ? 'date' : f === 'doctor_phone' ? 'tel' : undefined}
              label={t(LABEL[f])}
              required={f === 'fname' || f === 'lname'}
              rules={f === 'fname' || f === 'lname' ? { required: 'common:validation.required' } : undefined}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
