import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconRefresh, IconSettings } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateTimeText } from '../../../components/formatted';
import { formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { LoginReportQuery, type LoginReportRow } from '../api/login-report.query';
import { RaiseTodayLimitMutation } from '../api/raise-today-limit.mutation';
import { ResetUserLoginsMutation } from '../api/reset-user-logins.mutation';
import { UpdateContactLimitMutation } from '../api/update-contact-limit.mutation';
import { UpdateUserLoginsMutation } from '../api/update-user-logins.mutation';
import { formatDuration } from '../components/live-behind';
import { PeriodPicker, initialPeriod, periodVars } from '../components/period-picker';
import { ReportHeader } from '../components/report-header';
import { LoginLimitForm } from '../forms/login-limit-form';
import { useLocationId } from '../hooks/use-location-id';
import { usePaging } from '../hooks/use-paging';

const REFRESH = { additionalTypenames: ['LoginReportRow', 'CameraLoginToday', 'UserSetting'] };

/** /dailylogins: camera logins per contact (date, range or week), with today's limit and the "raise today's limit" button. */
export function LoginReportPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const client = useClient();
  const locationId = useLocationId();
  const [period, setPeriod] = useState(initialPeriod);
  const paging = usePaging();
  const variables = { location_id: locationId, ...periodVars(period), page: paging.page, first: paging.first };
  const [{ data, fetching, error }, refetch] = useQuery({ query: LoginReportQuery, variables, requestPolicy: 'cache-and-network' });
  const report = data?.getLoginReport;
  const [busy, setBusy] = useState<string | null>(null);

  const columns = useMemo<DataTableColumn<LoginReportRow>[]>(() => {
    const reload = () => refetch({ requestPolicy: 'network-only' });
    const raise = async (row: LoginReportRow) => {
      setBusy(row.user_id);
      const r = await client.mutation(RaiseTodayLimitMutation, { user_id: row.user_id, extra: 1 }, REFRESH).toPromise();
      setBusy(null);
      if (reportMutationError(r.error, t)) return;
      if (r.data) showNotice(r.data.raiseTodayCameraLimit);
      reload();
    };
    const reset = async (row: LoginReportRow) => {
      setBusy(row.user_id);
      const r = await client.mutation(ResetUserLoginsMutation, { user_id: row.user_id, location_id: row.location_id }, REFRESH).toPromise();
      setBusy(null);
      if (reportMutationError(r.error, t)) return;
      if (r.data) showNotice(r.data.resetUserLogins);
      reload();
    };
    const edit = (row: LoginReportRow) => {
      const id = modals.open({
        title: t('cameras:logins.limitTitle', { name: row.user_name }),
        children: (
          <LoginLimitForm
            defaults={{ own_limit: row.today.own_limit, used: row.today.used }}
            onCancel={() => modals.close(id)}
            onSubmit={async (values, setError) => {
              const limit = await client
                .mutation(UpdateContactLimitMutation, { user_id: row.user_id, max_daily_camera_logins: values.own_limit ?? null }, REFRESH)
                .toPromise();
              if (reportMutationError(limit.error, t, { setError, fields: ['own_limit'] })) return;
              const used = await client
                .mutation(UpdateUserLoginsMutation, { user_id: row.user_id, location_id: row.location_id, logins: values.used }, REFRESH)
                .toPromise();
              if (reportMutationError(used.error, t, { setError, fields: ['used'] })) return;
              if (used.data) showNotice(used.data.updateUserLogins);
              modals.close(id);
              reload();
            }}
          />
        ),
      });
    };
    return [
      { key: 'user_name', header: t('cameras:columns.contact') },
      { key: 'logins', header: t('cameras:columns.logins') },
      { key: 'days', header: t('cameras:columns.days') },
      { key: 'sessions', header: t('cameras:columns.sessions') },
      { key: 'seconds', header: t('cameras:columns.watched'), render: (r) => formatDuration(r.seconds) },
      { key: 'last_watched_at', header: t('cameras:columns.lastWatched'), render: (r) => <DateTimeText value={r.last_watched_at} /> },
      {
        key: 'today.used',
        header: t('cameras:columns.today'),
        render: (r) => (
          <Text size="sm" data-testid={`today-${r.user_id}`}>
            {r.today.limit === null
              ? t('cameras:logins.usedUnlimited', { used: r.today.used })
              : t('cameras:logins.usedOf', { used: r.today.used, limit: r.today.limit })}
            {r.today.extra_today > 0 ? ` ${t('cameras:logins.raised', { count: r.today.extra_today })}` : ''}
          </Text>
        ),
      },
      {
        key: 'actions',
        header: t('cameras:columns.actions'),
        sortable: false,
        searchable: false,
        render: (r) => (
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              loading={busy === r.user_id}
              onClick={() => void raise(r)}
              data-testid={`raise-${r.user_id}`}
            >
              {t('cameras:logins.raise')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void reset(r)}
              aria-label={t('cameras:logins.resetFor', { name: r.user_name })}
            >
              {t('cameras:logins.reset')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconSettings size={14} />}
              onClick={() => edit(r)}
              aria-label={t('cameras:logins.editFor', { name: r.user_name })}
            >
              {t('cameras:logins.edit')}
            </Button>
          </Group>
        ),
      },
    ];
  }, [t, client, refetch, busy]);

  return (
    <Stack gap="md">
      <ReportHeader
        title={t('cameras:logins.title')}
        lead={t('cameras:logins.lead')}
        summary={
          report ? t('cameras:logins.total', { count: report.total_logins, from: formatDay(report.from), to: formatDay(report.to) }) : null
        }
      />
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('cameras:logins.tableLabel')}
          rows={report?.data ?? []}
          columns={columns}
          rowKey={(r) => `${r.user_id}:${r.location_id}`}
          loading={fetching}
          toolbar={
            <PeriodPicker
              value={period}
              shownDate={report?.from}
              onChange={(p) => (setPeriod(p), paging.onPage({ page: 1, first: paging.first }))}
            />
          }
          server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage: paging.onPage }}
        />
      </Card>
    </Stack>
  );
}
