import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { GuestPage } from '../../../components/guest/guest-page';
import { NumberField } from '../../../components/form/number-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { CreateDemoRequestMutation } from '../api/demo-requests';

const PHONE = /^[0-9+()\-.\s]*$/;
const demoSchema = z.object({
  name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
  email: z.string().trim().min(1, 'common:validation.required').email('common:validation.email').max(254, 'common:validation.tooLong'),
  phone: z
    .string()
    .trim()
    .max(32, 'common:validation.tooLong')
    .refine((v) => v === '' || (PHONE.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15), 'operator:validation.phone'),
  center_name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
  kind: z.enum(['childcare', 'petcare']),
  locations: z.number('operator:validation.locations').int('operator:validation.locations').min(1, 'operator:validation.locations').max(500, 'operator:validation.locations').optional(),
  message: z.string().trim().max(2000, 'common:validation.tooLong'),
  // Hidden from people; bots fill it in.
  website: z.string(),
});
type DemoValues = z.infer<typeof demoSchema>;

const THANK_YOU = 'thank-you';

/** /demo/:action? on the platform host: the demo request form, and /demo/thank-you after it. */
export function DemoRequestPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { action } = useParams();
  const navigate = useNavigate();
  const [, create] = useMutation(CreateDemoRequestMutation);
  const errorText = useFieldError();
  const { control, handleSubmit, setError, formState } = useForm<DemoValues>({
    resolver: zodResolver(demoSchema),
    defaultValues: { name: '', email: '', phone: '', center_name: '', kind: 'childcare', locations: 1, message: '', website: '' },
  });

  if (action === THANK_YOU) {
    return (
      <GuestPage title={t('operator:demo.thanksTitle')}>
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="demo-thanks">
          <IconCircleCheck size={28} color="var(--mantine-color-success-6)" aria-hidden />
          <Text>{t('operator:demo.thanks')}</Text>
        </Group>
      </GuestPage>
    );
  }
  if (action) return <Navigate to={paths.demo.to({})} replace />;

  return (
    <GuestPage title={t('operator:demo.title')} lead={t('operator:demo.lead')}>
      <form
        noValidate
        aria-label={t('operator:demo.title')}
        data-testid="demo-form"
        onSubmit={handleSubmit(async (v) => {
          const result = await create({
            name: v.name,
            email: v.email,
            phone: v.phone || null,
            center_name: v.center_name,
            kind: v.kind,
            locations: v.locations ?? null,
            message: v.message || null,
            website: v.website || null,
          });
          if (
            reportMutationError(result.error, t, {
              setError,
              fields: ['name', 'email', 'phone', 'center_name', 'kind', 'locations', 'message'],
            })
          )
            return;
          if (result.data?.createDemoRequest.status) navigate(paths.demo.to({ action: THANK_YOU }));
          else if (result.data) showNotice(result.data.createDemoRequest);
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="name" label={t('operator:demo.name')} autoComplete="name" required />
            <TextField control={control} name="email" label={t('operator:demo.email')} type="email" autoComplete="email" required />
            <TextField control={control} name="phone" label={t('operator:demo.phone')} type="tel" autoComplete="tel" />
            <TextField control={control} name="center_name" label={t('operator:demo.centerName')} autoComplete="organization" required />
            <SelectField
              control={control}
              name="kind"
              label={t('operator:centres.kind')}
              data={[
                { value: 'childcare', label: t('operator:kinds.childcare') },
                { value: 'petcare', label: t('operator:kinds.petcare') },
              ]}
              required
            />
            <NumberField control={control} name="locations" label={t('operator:demo.locations')} min={1} max={500} />
          </SimpleGrid>
          <Controller
            control={control}
            name="message"
            render={({ field, fieldState }) => (
              <Textarea
                {...field}
                label={t('operator:demo.message')}
                autosize
                minRows={3}
                maxRows={8}
                error={errorText(fieldState.error)}
              />
            )}
          />
          {/* The honeypot: off-screen and skipped by keyboards and screen readers. */}
          <div aria-hidden style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <Controller
              control={control}
              name="website"
              render={({ field }) => <TextInput {...field} label="Website" tabIndex={-1} autoComplete="off" />}
            />
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="demo-submit">
              {t('operator:demo.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuestPage>
  );
}
