import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { emailRule } from './auth-fields.schema';

const emailSchema = z.object({ email: emailRule });
export type EmailValues = z.infer<typeof emailSchema>;

/** One email address (forgot password, resend a PIN or an invitation). */
export function EmailForm({
  onSubmit,
  submitLabel,
}: {
  onSubmit(values: EmailValues, setError: UseFormSetError<EmailValues>): Promise<void>;
  submitLabel: string;
}) {
  const { t } = useTranslation(['account', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, setError))} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <TextField control={control} name="email" label={t('account:fields.email')} type="email" autoComplete="email" required autoFocus />
        <Button type="submit" loading={formState.isSubmitting} fullWidth data-testid="email-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
