import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { PasswordField } from './password-field';
import { newPasswordSchema, type NewPasswordValues } from './new-password.schema';

export const NEW_PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

/** A new password typed twice (reset, invited user). */
export function NewPasswordForm({
  onSubmit,
  submitLabel,
}: {
  onSubmit(values: NewPasswordValues, setError: UseFormSetError<NewPasswordValues>): Promise<void>;
  submitLabel: string;
}) {
  const { t } = useTranslation(['account', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, setError))} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <PasswordField
          control={control}
          name="password"
          label={t('account:fields.newPassword')}
          autoComplete="new-password"
          required
          description={t('account:fields.passwordHint')}
        />
        <PasswordField
          control={control}
          name="password_confirmation"
          label={t('account:fields.passwordConfirmation')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" loading={formState.isSubmitting} fullWidth data-testid="new-password-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
