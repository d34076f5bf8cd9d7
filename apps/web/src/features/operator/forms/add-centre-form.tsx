import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { NumberField } from '../../../components/form/number-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { addCentreSchema, type AddCentreValues } from './add-centre-form.schema';

export function AddCentreForm({
  onSubmit,
}: {
  onSubmit(values: AddCentreValues, setError: UseFormSetError<AddCentreValues>): Promise<void>;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const { control, handleSubmit, setError, formState, setValue } = useForm<AddCentreValues>({
    resolver: zodResolver(addCentreSchema),
    defaultValues: {
      name: '',
      slug: '',
      kind: 'childcare',
      language_pack: 'default',
      contact_email: '',
      owner_fname: '',
      owner_lname: '',
      owner_username: '',
      on_trial: true,
      trial_days: 30,
    },
  });
  const onTrial = useWatch({ control, name: 'on_trial' });
  return (
    <form noValidate aria-label={t('operator:addCentre.title')} onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <Stack gap="lg">
        <div>
          <Text component="h2" fw={600} mb="xs">
            {t('operator:addCentre.centre')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="name" label={t('operator:centres.name')} required />
            <TextField
              control={control}
              name="slug"
              label={t('operator:centres.slug')}
              description={t('operator:addCentre.slugHint')}
              required
              autoComplete="off"
            />
            <SelectField
              control={control}
              name="kind"
              label={t('operator:centres.kind')}
              required
              data={[
                { value: 'childcare', label: t('operator:kinds.childcare') },
                { value: 'petcare', label: t('operator:kinds.petcare') },
              ]}
            />
            <SelectField
              control={control}
              name="language_pack"
              label={t('operator:addCentre.languagePack')}
              required
              data={[
                { value: 'default', label: t('operator:packs.default') },
                { value: 'dogs', label: t('operator:packs.dogs') },
              ]}
            />
          </SimpleGrid>
        </div>
        <div>
          <Text component="h2" fw={600} mb="xs">
            {t('operator:addCentre.owner')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="owner_fname" label={t('operator:addCentre.ownerFname')} required />
            <TextField control={control} name="owner_lname" label={t('operator:addCentre.ownerLname')} required />
            <TextField control={control} name="owner_username" label={t('operator:addCentre.ownerUsername')} required autoComplete="off" />
            <TextField
              control={control}
              name="contact_email"
              label={t('operator:addCentre.contactEmail')}
              type="email"
              required
              description={t('operator:addCentre.contactEmailHint')}
            />
          </SimpleGrid>
        </div>
        <Group align="flex-end" gap="lg">
          <CheckboxField control={control} name="on_trial" label={t('operator:addCentre.onTrial')} />
          {onTrial ? (
            <NumberField control={control} name="trial_days" label={t('operator:addCentre.trialDays')} min={1} max={365} required />
          ) : null}
        </Group>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setValue('language_pack', 'dogs');
              setValue('kind', 'petcare');
            }}
          >
            {t('operator:addCentre.petPreset')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="add-centre-submit">
            {t('operator:addCentre.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
