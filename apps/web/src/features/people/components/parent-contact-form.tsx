import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { TextField } from '../../../components/form/text-field';
import { AddContactByParentMutation } from '../api/students.mutation';
import { useFinish } from '../hooks/use-notice-call';

const schema = z.object({
  fname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
  lname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
  email: z.string().trim().min(1, 'common:validation.required').email('common:validation.email'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9+()\-.\s]+$/.test(v), 'people:validation.phone'),
  relation: z.string().trim().max(60, 'common:validation.tooLong'),
  pickup: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['fname', 'lname', 'email', 'phone', 'relation'] as const;

/** A parent adds another contact to their own child (createStudentUserByParent); the contact is invited by email. */
export function ParentContactForm({ studentId, onSaved }: { studentId: string; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, add] = useMutation(AddContactByParentMutation);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { fname: '', lname: '', email: '', phone: '', relation: '', pickup: false },
  });
  return (
    <form
      noValidate
      aria-label={t('people:profile.addContact')}
      onSubmit={handleSubmit(async (v) => {
        const r = await add({ student_id: studentId, ...v, phone: v.phone || null, relation: v.relation || null });
        if (finish(r.error, r.data?.createStudentUserByParent, { setError, fields: FIELDS })) {
          reset();
          onSaved();
        }
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={control} name="fname" label={t('people:person.fname')} required />
          <TextField control={control} name="lname" label={t('people:person.lname')} required />
          <TextField control={control} name="email" type="email" label={t('people:person.email')} required />
          <TextField control={control} name="phone" type="tel" label={t('people:person.phone')} />
          <TextField control={control} name="relation" label={t('people:student.relation')} />
        </SimpleGrid>
        <CheckboxField control={control} name="pickup" label={t('people:pivot.pickup')} />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t('people:profile.addContactSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
