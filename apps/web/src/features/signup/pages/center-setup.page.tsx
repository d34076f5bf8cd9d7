import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Loader, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { GuestPage } from '../../../components/guest/guest-page';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { guestPaths } from '../../../lib/guest-paths';
import { SignupSaveSetupDocument, SignupSetupStatusDocument } from '../api/signup';
import { readFunnel, writeFunnel } from '../lib/funnel-store';

const optional = (max: number) => z.string().trim().max(max, 'common:validation.tooLong');
const setupSchema = z
  .object({
    time_zone: z.string().min(1, 'common:validation.required'),
    location_name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
    manager_fname: optional(100),
    manager_lname: optional(100),
    manager_email: optional(254).refine((v) => v === '' || z.string().email().safeParse(v).success, 'common:validation.email'),
  })
  .superRefine((v, ctx) => {
    const any = v.manager_fname || v.manager_lname || v.manager_email;
    if (!any) return;
    for (const key of ['manager_fname', 'manager_lname', 'manager_email'] as const)
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'signup:validation.managerAll' });
  });
type SetupValues = z.infer<typeof setupSchema>;

function timeZones(): string[] {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.length ? all : ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'];
}

/** /customer-center-setup/:token: zone, first location, first manager → provisioning's progress → the new centre, signed in. */
export function CenterSetupPage() {
  const params = useParams();
  const token = params.token ?? readFunnel().token;
  if (!token) return <Navigate to={guestPaths.customerSignup.to({})} replace />;
  if (!params.token) return <Navigate to={guestPaths.customerCenterSetup.to({ token })} replace />;
  return <Setup token={token} />;
}

function Setup({ token }: { token: string }) {
  const { t } = useTranslation(['signup', 'common']);
  const [submitted, setSubmitted] = useState(false);
  const [{ data, error, fetching }, refetch] = useQuery({ query: SignupSetupStatusDocument, variables: { token }, requestPolicy: 'network-only' });
  const status = data?.getCenterSetup;
  const provisioning = status?.status === 'provisioning' || (submitted && status?.status === 'new');
  const link = readFunnel().links?.[token];

  // Follow provisioning about once a second.
  useEffect(() => {
    if (!provisioning || fetching) return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), 1000);
    return () => clearTimeout(timer);
  }, [provisioning, fetching, refetch]);

  // Ready: into the new centre, signed in by the one-time link (it opens /dashboard).
  useEffect(() => {
    if (status?.status === 'ready' && link) window.location.assign(link);
  }, [status?.status, link]);

  if (error && !data) return <GuestPage title={t('signup:setup.title')}><Alert color="red">{t('signup:setup.badLink')}</Alert></GuestPage>;
  if (!status) return <Loader aria-label={t('common:loading')} />;
  if (status.status === 'new' && !submitted) return <SetupForm token={token} centre={status.center_name} onSaved={() => { setSubmitted(true); refetch({ requestPolicy: 'network-only' }); }} />;

  return (
    <GuestPage title={t('signup:setup.progressTitle', { name: status.center_name })}>
      {status.status === 'failed' ? (
        <Alert color="red" data-testid="setup-failed">{status.error}</Alert>
      ) : status.status === 'ready' ? (
        <Stack gap="xs" data-testid="setup-ready">
          <Text>{t('signup:setup.ready')}</Text>
          {link ? (
            <Text size="sm" c="dimmed">{t('signup:setup.redirecting')}</Text>
          ) : (
            <Anchor href={`${status.center_url}/login`}>{t('signup:setup.signIn', { url: status.center_url })}</Anchor>
          )}
        </Stack>
      ) : (
        <Stack gap="xs" role="status" aria-live="polite" data-testid="setup-progress">
          <Progress value={Math.max(5, status.progress)} animated aria-label={t('signup:setup.progress')} />
          <Text size="sm">{t(`signup:setup.steps.${status.step ?? 'queued'}`, { defaultValue: t('signup:setup.steps.queued') })}</Text>
        </Stack>
      )}
    </GuestPage>
  );
}

function SetupForm({ token, centre, onSaved }: { token: string; centre: string; onSaved: () => void }) {
  const { t } = useTranslation(['signup', 'common']);
  const navigate = useNavigate();
  const errorText = useFieldError();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [, save] = useMutation(SignupSaveSetupDocument);
  const { control, handleSubmit, setError, formState } = useForm<SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: { time_zone: zones.some((z) => z.value === guess) ? guess : '', location_name: '', manager_fname: '', manager_lname: '', manager_email: '' },
  });

  return (
    <GuestPage title={t('signup:setup.title')} lead={t('signup:setup.lead', { name: centre })}>
      <form
        noValidate
        aria-label={t('signup:setup.title')}
        onSubmit={handleSubmit(async (v) => {
          const result = await save({
            token,
            time_zone: v.time_zone,
            location_name: v.location_name,
            manager_fname: v.manager_fname || null,
            manager_lname: v.manager_lname || null,
            manager_email: v.manager_email || null,
          });
          const code = (result.error?.graphQLErrors[0]?.extensions as { code?: string } | undefined)?.code;
          // A second click while the first one is answered: that one made the centre; follow it.
          if (code === 'SETUP_ALREADY_DONE') return onSaved();
          if (reportMutationError(result.error, t, { setError, fields: ['time_zone', 'location_name', 'manager_fname', 'manager_lname', 'manager_email'] })) {
            if (code === 'INVALID_LINK') navigate(guestPaths.customerSignup.to({}));
            return;
          }
          const r = result.data?.saveCenterSetup;
          if (r?.status && r.url) {
            writeFunnel({ links: { ...readFunnel().links, [token]: r.url } });
            onSaved();
          } else if (r) showNotice(r);
        })}
      >
        <Stack gap="sm">
          <Controller
            control={control}
            name="time_zone"
            render={({ field, fieldState }) => (
              <Select
                label={t('signup:setup.timeZone')}
                data={zones}
                searchable
                withAsterisk
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
                data-testid="time-zone"
              />
            )}
          />
          <TextField control={control} name="location_name" label={t('signup:setup.locationName')} required />
          <Title order={2} size="h5">
            {t('signup:setup.managerTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('signup:setup.managerLead')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="manager_fname" label={t('signup:setup.managerFname')} autoComplete="off" />
            <TextField control={control} name="manager_lname" label={t('signup:setup.managerLname')} autoComplete="off" />
          </SimpleGrid>
          <TextField control={control} name="manager_email" label={t('signup:setup.managerEmail')} type="email" autoComplete="off" />
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="setup-submit">
              {t('signup:setup.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuestPage>
  );
}
