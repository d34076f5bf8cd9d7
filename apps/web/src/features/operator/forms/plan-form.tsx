import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { NumberField } from '../../../components/form/number-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { CreatePlanMutation, UpdatePlanMutation, type CenterPlanItem } from '../api/center-billing';

const limit = z
  .number()
  .int('platformBilling:validation.limit')
  .min(1, 'platformBilling:validation.limit')
  .max(1_000_000, 'platformBilling:validation.limit')
  .optional();

const planSchema = z.object({
  name: z.string().trim().min(1, 'platformBilling:validation.name').max(100, 'platformBilling:validation.name'),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'platformBilling:validation.amount'),
  period: z.enum(['month', 'year']),
  trial_days: z
    .number({ message: 'platformBilling:validation.trialDays' })
    .int()
    .min(0, 'platformBilling:validation.trialDays')
    .max(365, 'platformBilling:validation.trialDays'),
  grace_days: z
    .number({ message: 'platformBilling:validation.graceDays' })
    .int()
    .min(0, 'platformBilling:validation.graceDays')
    .max(60, 'platformBilling:validation.graceDays'),
  max_locations: limit,
  max_students: limit,
  max_cameras: limit,
  public: z.boolean(),
  active: z.boolean(),
  note: z.string().max(500, 'platformBilling:validation.note'),
});
type PlanValues = z.infer<typeof planSchema>;
const FIELDS = [
  'name',
  'amount',
  'period',
  'trial_days',
  'grace_days',
  'max_locations',
  'max_students',
  'max_cameras',
  'public',
  'active',
  'note',
] as const;

const valuesOf = (p: CenterPlanItem | null): PlanValues => ({
  name: p?.name ?? '',
  amount: p?.amount ?? '',
  period: p?.period === 'year' ? 'year' : 'month',
  trial_days: p?.trial_days ?? 14,
  grace_days: p?.grace_days ?? 7,
  max_locations: p?.limits.max_locations ?? undefined,
  max_students: p?.limits.max_students ?? undefined,
  max_cameras: p?.limits.max_cameras ?? undefined,
  public: p?.public ?? false,
  active: p?.active ?? true,
  note: p?.note ?? '',
});

/** Create or edit a plan (admin): price, period, trial and grace days, limits (empty: no limit), public, active. */
export function PlanFormModal({ plan, onClose, onSaved }: { plan: CenterPlanItem | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation(['platformBilling', 'common']);
  const [, create] = useMutation(CreatePlanMutation);
  const [, update] = useMutation(UpdatePlanMutation);
  const { control, handleSubmit, formState, setError } = useForm<PlanValues>({
    resolver: zodResolver(planSchema),
    defaultValues: valuesOf(plan),
  });
  const submit = handleSubmit(async (v) => {
    const common = {
      name: v.name,
      amount: v.amount,
      period: v.period,
      trial_days: v.trial_days,
      grace_days: v.grace_days,
      max_locations: v.max_locations ?? null,
      max_students: v.max_students ?? null,
      max_cameras: v.max_cameras ?? null,
      public: v.public,
      note: v.note.trim() || null,
    };
    const result = plan ? await update({ id: plan.id, ...common, active: v.active }) : await create(common);
    if (reportMutationError(result.error, t, { setError, fields: FIELDS })) return;
    const answer = result.data && ('updateCenterPlan' in result.data ? result.data.updateCenterPlan : result.data.createCenterPlan);
    if (answer) showNotice(answer);
    onSaved();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={plan ? t('platformBilling:plans.edit', { name: plan.name }) : t('platformBilling:plans.new')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={plan ? t('platformBilling:plans.edit', { name: plan.name }) : t('platformBilling:plans.new')}
      >
        <Stack gap="sm">
          <TextField control={control} name="name" label={t('platformBilling:plans.name')} required maxLength={100} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextField
              control={control}
              name="amount"
              label={t('platformBilling:plans.amount')}
              required
              inputMode="decimal"
              placeholder="49.00"
            />
            <SelectField
              control={control}
              name="period"
              label={t('platformBilling:plans.period')}
              required
              data={[
                { value: 'month', label: t('platformBilling:periods.month') },
                { value: 'year', label: t('platformBilling:periods.year') },
              ]}
            />
            <NumberField control={control} name="trial_days" label={t('platformBilling:plans.trialDays')} min={0} max={365} required />
            <NumberField control={control} name="grace_days" label={t('platformBilling:plans.graceDays')} min={0} max={60} required />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberField
              control={control}
              name="max_locations"
              label={t('platformBilling:plans.maxLocations')}
              min={1}
              description={t('platformBilling:plans.noLimit')}
            />
            <NumberField
              control={control}
              name="max_students"
              label={t('platformBilling:plans.maxStudents')}
              min={1}
              description={t('platformBilling:plans.noLimit')}
            />
            <NumberField
              control={control}
              name="max_cameras"
              label={t('platformBilling:plans.maxCameras')}
              min={1}
              description={t('platformBilling:plans.noLimit')}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="note"
            render={({ field, fieldState }) => (
              <Textarea
                {...field}
                label={t('platformBilling:plans.note')}
                autosize
                minRows={2}
                maxRows={5}
                maxLength={500}
                error={
                  fieldState.error
                    ? fieldState.error.type === 'server'
                      ? fieldState.error.message
                      : t(fieldState.error.message ?? '')
                    : undefined
                }
              />
            )}
          />
          <Group gap="lg">
            <CheckboxField control={control} name="public" label={t('platformBilling:plans.public')} />
            {plan ? <CheckboxField control={control} name="active" label={t('platformBilling:plans.active')} /> : null}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting} data-testid="save-plan">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
