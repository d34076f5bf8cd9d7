import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { NumberField } from '../../../components/form/number-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { LoginAsUserMutation } from '../api/login-as-user.mutation';
import { SupportSessionsQuery, type SupportSessionItem } from '../api/support-sessions.query';
import { CentreUserPicker } from './centre-user-picker';

const supportSchema = z
  .object({
    user_id: z.string().min(1, 'operator:validation.user'),
    reason: z.string().trim().min(10, 'operator:validation.reason').max(500, 'common:validation.tooLong'),
    ticket_id: z
      .string()
      .trim()
      .min(1, 'operator:validation.ticket')
      .max(60, 'common:validation.tooLong')
      .regex(/^[A-Za-z0-9#._/-]+$/, 'operator:validation.ticket'),
    minutes: z.number('operator:validation.minutes').int('operator:validation.minutes').min(5, 'operator:validation.minutes').max(60, 'operator:validation.minutes'),
    mode: z.enum(['read', 'write']),
    write_reason: z.string().trim().max(500, 'common:validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'write' && v.write_reason.length < 10)
      ctx.addIssue({ code: 'custom', path: ['write_reason'], message: 'operator:validation.reason' });
  });
type SupportValues = z.infer<typeof supportSchema>;

const MODE_COLOR = { active: 'success', ended: 'gray', expired: 'gray' } as const;

/**
 * "Login as user": an audited support session for a ticket, 5–60 minutes, read-only unless an
 * admin states why it must write; the link opens in a new tab. Below it, the centre's sessions.
 */
export function CentreSupportCard({ centreId, isAdmin }: { centreId: string; isAdmin: boolean }) {
  const { t } = useTranslation(['operator', 'common']);
  const [, loginAsUser] = useMutation(LoginAsUserMutation);
  const [session, setSession] = useState<{ url: string; expiresAt: string | null } | null>(null);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }, refetch] = useQuery({
    query: SupportSessionsQuery,
    variables: { center_id: centreId, ...page },
    requestPolicy: 'cache-and-network',
  });
  const { control, handleSubmit, setError, formState } = useForm<SupportValues>({
    resolver: zodResolver(supportSchema),
    defaultValues: { user_id: '', reason: '', ticket_id: '', minutes: 30, mode: 'read', write_reason: '' },
  });
  const mode = useWatch({ control, name: 'mode' });

  const columns = useMemo<DataTableColumn<SupportSessionItem>[]>(
    () => [
      { key: 'created_at', header: t('operator:support.startedAt'), render: (s) => formatDateTime(s.created_at) },
      { key: 'operator', header: t('operator:support.operator'), render: (s) => s.operator ?? '—' },
      { key: 'ticket_id', header: t('operator:support.ticket'), render: (s) => s.ticket_id ?? '—' },
      {
        key: 'mode',
        header: t('operator:support.mode'),
        render: (s) => (
          <Badge variant="light" color={s.mode === 'write' ? 'warning' : 'primary'}>
            {t(s.mode === 'write' ? 'operator:support.modeWrite' : 'operator:support.modeRead')}
          </Badge>
        ),
      },
      {
        key: 'reason',
        header: t('operator:support.reason'),
        render: (s) => (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {s.reason}
            {s.write_reason ? ` — ${s.write_reason}` : ''}
          </Text>
        ),
      },
      {
        key: 'status',
        header: t('operator:support.state'),
        render: (s) => (
          <Badge variant="light" color={MODE_COLOR[s.status as keyof typeof MODE_COLOR] ?? 'gray'}>
            {t(`operator:support.states.${s.status}`)}
          </Badge>
        ),
      },
      { key: 'expires_at', header: t('operator:support.until'), render: (s) => formatDateTime(s.ended_at ?? s.expires_at) },
    ],
    [t],
  );

  const sessions = data?.getSupportSessions;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-support">
      <Text component="h2" fw={600} mb={4}>
        {t('operator:support.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t('operator:support.lead')}
      </Text>
      <form
        noValidate
        aria-label={t('operator:support.title')}
        onSubmit={handleSubmit(async (values) => {
          const result = await loginAsUser({
            center_id: centreId,
            user_id: values.user_id,
            reason: values.reason,
            ticket_id: values.ticket_id,
            minutes: values.minutes,
            mode: values.mode,
            write_reason: values.mode === 'write' ? values.write_reason : null,
          });
          if (
            reportMutationError(result.error, t, {
              setError,
              fields: ['user_id', 'reason', 'ticket_id', 'minutes', 'mode', 'write_reason'],
            })
          )
            return;
          const payload = result.data?.loginAsUser;
          if (!payload) return;
          showNotice(payload);
          if (payload.status && payload.url) {
            setSession({ url: payload.url, expiresAt: payload.expires_at });
            refetch({ requestPolicy: 'network-only' });
            window.open(payload.url, '_blank', 'noopener,noreferrer');
          }
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <CentreUserPicker centreId={centreId} control={control} />
            <TextField control={control} name="ticket_id" label={t('operator:support.ticket')} description={t('operator:support.ticketHint')} required />
            <TextField
              control={control}
              name="reason"
              label={t('operator:support.reason')}
              description={t('operator:support.reasonHint')}
              required
            />
            <NumberField control={control} name="minutes" label={t('operator:support.minutes')} min={5} max={60} required />
            <SelectField
              control={control}
              name="mode"
              label={t('operator:support.mode')}
              description={t('operator:support.modeHint')}
              data={[
                { value: 'read', label: t('operator:support.modeRead') },
                ...(isAdmin ? [{ value: 'write', label: t('operator:support.modeWrite') }] : []),
              ]}
              required
            />
            {mode === 'write' ? (
              <TextField control={control} name="write_reason" label={t('operator:support.writeReason')} required />
            ) : null}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="login-as-user">
              {t('operator:support.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {session ? (
        <Alert color="primary" variant="light" mt="md" role="status">
          <Text size="sm">{t('operator:support.started', { until: formatDateTime(session.expiresAt) })}</Text>
          <Anchor href={session.url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('operator:support.openAgain')}
          </Anchor>
        </Alert>
      ) : null}
      <Text component="h3" fw={600} mt="lg" mb="xs" size="sm">
        {t('operator:support.sessions')}
      </Text>
      <div data-testid="support-sessions">
        <DataTable
          label={t('operator:support.sessions')}
          rows={sessions?.data ?? []}
          columns={columns}
          rowKey={(s) => s.id}
          loading={fetching}
          server={{ paginatorInfo: sessions?.paginatorInfo ?? null, onPage: setPage }}
        />
      </div>
    </Card>
  );
}
