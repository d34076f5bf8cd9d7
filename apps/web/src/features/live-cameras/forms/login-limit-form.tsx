import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-field';
import { loginLimitSchema, type LoginLimitValues } from './login-limit-form.schema';

/** A contact's own daily camera limit and the logins they used today. */
export function LoginLimitForm({
  defaults,
  onSubmit,
  onCancel,
}: {
  defaults: LoginLimitValues;
  onSubmit(values: LoginLimitValues, setError: UseFormSetError<LoginLimitValues>): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation(['cameras', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<LoginLimitValues>({
    resolver: zodResolver(loginLimitSchema),
    defaultValues: defaults,
  });
  return (
    <form noValidate aria-label={t('cameras:logins.limitForm')} onSubmit={handleSubmit((v) => onSubmit(v, setError))}>
      <Stack gap="md">
        <NumberField
          control={control}
          name="own_limit"
          label={t('cameras:logins.ownLimit')}
          description={t('cameras:logins.ownLimitHint')}
          min={0}
          max={1000}
        />
        <NumberField control={control} name="used" label={t('cameras:logins.usedToday')} required min={0} max={1000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="login-limit-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
