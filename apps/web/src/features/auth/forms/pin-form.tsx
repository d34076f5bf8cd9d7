import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { pinRule } from './auth-fields.schema';

const pinSchema = z.object({ pin: pinRule });
export type PinValues = z.infer<typeof pinSchema>;

/** A one-time PIN (from an email unless `label` says otherwise). */
export function PinForm({
  onSubmit,
  submitLabel,
  label,
}: {
  onSubmit(values: PinValues, setError: UseFormSetError<PinValues>): Promise<void>;
  submitLabel: string;
  label?: string;
}) {
  const { t } = useTranslation(['account', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<PinValues>({
    resolver: zodResolver(pinSchema),
    defaultValues: { pin: '' },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, setError))} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <TextField
          control={control}
          name="pin"
          label={label ?? t('account:fields.pin')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          required
          autoFocus
        />
        <Button type="submit" loading={formState.isSubmitting} fullWidth data-testid="pin-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
