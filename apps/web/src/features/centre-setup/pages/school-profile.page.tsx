import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { AddSchoolMutation } from '../api/locations.mutation';
import { SchoolProfileQuery } from '../api/locations.query';
import { PageHeader } from '../components/page-header';
import { useFinish } from '../hooks/use-finish';

const schema = z.object({
  school_name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
  school_logo: z
    .string()
    .trim()
    .max(500, 'common:validation.tooLong')
    .refine((v) => v === '' || /^(https?:\/\/\S+|\/\S*)$/i.test(v), 'setup:validation.logo'),
});
type Values = z.infer<typeof schema>;
const CONTEXT = { additionalTypenames: ['SchoolProfile'] };

/** /school_profile: the centre's school name and logo (the setup checklist's school profile step). */
export function SchoolProfilePage() {
  const { t } = useTranslation(['setup', 'common']);
  const [{ data, error }] = useQuery({ query: SchoolProfileQuery, context: CONTEXT });
  return (
    <Stack gap="md">
      <PageHeader title={t('setup:school.title')} lead={t('setup:school.lead')} />
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('setup:loadFailed')}
        </Alert>
      ) : null}
      {data ? (
        <SchoolForm
          defaults={{ school_name: data.getSchoolProfile.school_name ?? '', school_logo: data.getSchoolProfile.school_logo ?? '' }}
        />
      ) : null}
    </Stack>
  );
}

function SchoolForm({ defaults }: { defaults: Values }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(AddSchoolMutation);
  const { control, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults });
  const logo = useWatch({ control, name: 'school_logo' });
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form
        noValidate
        aria-label={t('setup:school.title')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({ school_name: v.school_name.trim(), school_logo: v.school_logo.trim() || null }, CONTEXT);
          finish(r.error, r.data?.addSchool, { setError, fields: ['school_name', 'school_logo'] });
        })}
      >
        <Stack gap="sm">
          <TextField control={control} name="school_name" label={t('setup:school.name')} required />
          <TextField
            control={control}
            name="school_logo"
            label={t('setup:school.logo')}
            description={t('setup:school.logoHint')}
            type="url"
          />
          {logo && /^(https?:\/\/|\/)/.test(logo) ? (
            <Group gap="sm">
              <Text size="sm">{t('setup:school.preview')}</Text>
              <Image src={logo} alt={t('setup:school.logoAlt')} h={48} w="auto" fit="contain" />
            </Group>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="school-submit">
              {t('setup:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
