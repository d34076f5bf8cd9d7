import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { NumberField } from '../../../components/form/number-field';
import type { CenterData } from '../api/center.fragment';

const extendSchema = z.object({
  days: z
    .number({ message: 'operator:validation.days' })
    .int('operator:validation.days')
    .min(1, 'operator:validation.days')
    .max(365, 'operator:validation.days'),
});
type ExtendValues = z.infer<typeof extendSchema>;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** The trial: dates, and "extend by N days" for admins. */
export function CentreTrialCard({
  centre,
  canEdit,
  onExtend,
}: {
  centre: CenterData;
  canEdit: boolean;
  onExtend(days: number): Promise<boolean>;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const { control, handleSubmit, formState, reset } = useForm<ExtendValues>({
    resolver: zodResolver(extendSchema),
    defaultValues: { days: 14 },
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-trial">
      <Text component="h2" fw={600} mb="sm">
        {t('operator:trial.title')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
        <Fact label={t('operator:trial.onTrial')} value={centre.on_trial ? t('common:yes') : t('common:no')} />
        <Fact label={t('operator:trial.start')} value={centre.trial_start_date ?? '—'} />
        <Fact label={t('operator:trial.days')} value={centre.trial_days !== null ? String(centre.trial_days) : '—'} />
        <Fact label={t('operator:trial.endsOn')} value={centre.trial_ends_on ?? '—'} />
      </SimpleGrid>
      {canEdit ? (
        <form
          noValidate
          aria-label={t('operator:trial.extend')}
          onSubmit={handleSubmit(async ({ days }) => {
            if (await onExtend(days)) reset({ days: 14 });
          })}
        >
          <Group align="flex-end" gap="sm">
            <NumberField control={control} name="days" label={t('operator:trial.extendBy')} min={1} max={365} required />
            <Button type="submit" loading={formState.isSubmitting} data-testid="extend-trial">
              {t('operator:trial.extend')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Card>
  );
}
