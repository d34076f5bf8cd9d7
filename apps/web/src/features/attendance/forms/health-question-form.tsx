import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Switch } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import type { CombinedError } from '@urql/core';

export const healthQuestionSchema = z.object({
  statement: z.string().trim().min(1, 'attendance:health.statementRequired').max(300, 'attendance:health.statementTooLong'),
  pass_answer: z.boolean(),
});
export type HealthQuestionValues = z.infer<typeof healthQuestionSchema>;

/** Adds a statement to the location's health questionnaire; the server's field errors land on the fields. */
export function HealthQuestionForm({ onSubmit }: { onSubmit(values: HealthQuestionValues): Promise<CombinedError | null> }) {
  const { t } = useTranslation(['attendance', 'common']);
  const { control, handleSubmit, reset, setError, formState } = useForm<HealthQuestionValues>({
    resolver: zodResolver(healthQuestionSchema),
    defaultValues: { statement: '', pass_answer: false },
  });
  return (
    <form
      noValidate
      aria-label={t('attendance:health.addTitle')}
      onSubmit={handleSubmit(async (values) => {
        const error = await onSubmit(values);
        if (reportMutationError(error ?? undefined, t, { setError, fields: ['statement', 'pass_answer'] })) return;
        reset();
      })}
    >
      <TextField control={control} name="statement" label={t('attendance:health.statement')} required data-testid="health-statement" />
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Controller
          control={control}
          name="pass_answer"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              label={t('attendance:health.passYes')}
              description={t('attendance:health.passHint')}
            />
          )}
        />
        <Button type="submit" loading={formState.isSubmitting} data-testid="health-add">
          {t('attendance:health.add')}
        </Button>
      </Group>
    </form>
  );
}
