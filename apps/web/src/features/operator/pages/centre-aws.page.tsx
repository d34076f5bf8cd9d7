import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { AppLink } from '../../../components/app-link';
import { StatusBadge } from '../components/status-badge';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import {
  BackupCenterDatabaseMutation,
  CenterBackupsQuery,
  CenterSnapshotsQuery,
  DrillCenterBackupMutation,
  RestoreCenterDatabaseMutation,
} from '../api/center-backups';
import { CentreDeletionCard } from '../components/centre-deletion-card';

/** Bytes as the operator reads them. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}


/** /center-aws/:centreId: backups, restore drills, restore in place, snapshots and the safeguarded delete (admin). */
export function CentreAwsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { centreId = '' } = useParams();
  const [backupsPage, setBackupsPage] = useState({ page: 1, first: 10 });
  const [drillsPage, setDrillsPage] = useState({ page: 1, first: 10 });
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CenterBackupsQuery,
    variables: { id: centreId, backupsPage: backupsPage.page, backupsFirst: backupsPage.first, drillsPage: drillsPage.page, drillsFirst: drillsPage.first },
    requestPolicy: 'cache-and-network',
  });
  const [snapshots] = useQuery({ query: CenterSnapshotsQuery, variables: { id: centreId }, requestPolicy: 'network-only' });
  const [backupState, backup] = useMutation(BackupCenterDatabaseMutation);
  const [drillState, drill] = useMutation(DrillCenterBackupMutation);
  const [restoreState, restore] = useMutation(RestoreCenterDatabaseMutation);
  const [restoreOf, setRestoreOf] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const after = (err: Parameters<typeof reportMutationError>[0], payload: NoticeTriple | undefined) => {
    if (reportMutationError(err, t) || !payload) return;
    showNotice(payload);
    // The job runs in the background: look again once it has had time to finish.
    reload();
    setTimeout(reload, 1500);
    setTimeout(reload, 5000);
  };
  const centre = data?.getCenter;
  const working = [...(data?.getCenterBackups.data ?? []), ...(data?.getCenterDrills.data ?? []), ...(data?.getCenterRestores.data ?? [])].some(
    (x) => x.status === 'queued' || x.status === 'running',
  );
  // While a job runs, look again every 2 s until it has finished.
  useEffect(() => {
    if (!working) return undefined;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), 2000);
    return () => clearInterval(timer);
  }, [working, refetch]);
  if (error && !data) return <Alert color="danger">{error.graphQLErrors[0]?.message ?? t('common:errors.network')}</Alert>;
  if (!centre && !fetching) return <Alert color="warning">{t('operator:centre.notFound')}</Alert>;
  const backups = data?.getCenterBackups;
  const drills = data?.getCenterDrills;
  const restores = data?.getCenterRestores.data ?? [];
  const serving = centre?.status === 'active' || centre?.status === 'suspended';
  const snapshotError = snapshots.error?.graphQLErrors[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('operator:backups.pageTitle', { name: centre?.name ?? '' })}
        </Title>
        <AppLink to={paths.center.to({ centreId })}>{t('operator:backups.backToCentre')}</AppLink>
      </Group>
      {centre?.maintenance ? <Alert color="blue">{t('operator:backups.maintenance')}</Alert> : null}

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text component="h2" fw={600}>
            {t('operator:backups.backupsTitle')}
          </Text>
          <Group gap="xs">
            <Button
              disabled={!serving}
              loading={backupState.fetching}
              data-testid="run-backup"
              onClick={async () => {
                const r = await backup({ id: centreId });
                after(r.error, r.data?.backupCenterDatabase);
              }}
            >
              {t('operator:backups.runBackup')}
            </Button>
            <Button
              variant="light"
              disabled={!serving || !backups?.data.some((b) => b.status === 'done')}
              loading={drillState.fetching}
              data-testid="run-drill"
              onClick={async () => {
                const r = await drill({ id: centreId });
                after(r.error, r.data?.drillCenterBackup);
              }}
            >
              {t('operator:backups.runDrill')}
            </Button>
          </Group>
        </Group>
        <DataTable
          label={t('operator:backups.backupsTitle')}
          loading={fetching && !backups}
          rows={backups?.data ?? []}
          rowKey={(b) => b.id}
          server={{ paginatorInfo: backups?.paginatorInfo ?? null, onPage: setBackupsPage }}
          columns={[
            { key: 'created_at', header: t('operator:backups.taken'), render: (b) => formatDateTime(b.created_at) },
            { key: 'kind', header: t('operator:backups.kind'), render: (b) => t(`operator:backups.kinds.${b.kind}`, { defaultValue: b.kind }) },
            { key: 'status', header: t('operator:backups.status'), render: (b) => <StatusBadge status={b.status} /> },
            { key: 'size_bytes', header: t('operator:backups.size'), render: (b) => formatBytes(b.size_bytes) },
            { key: 'row_count', header: t('operator:backups.rows'), render: (b) => (b.row_count == null ? '—' : b.row_count.toLocaleString()) },
            {
              key: 'checksum',
              header: t('operator:backups.checksum'),
              render: (b) => (b.checksum ? <Text ff="monospace" size="xs" title={b.checksum}>{b.checksum.slice(0, 16)}…</Text> : b.error ?? '—'),
            },
            {
              key: 'actions',
              header: t('operator:backups.actions'),
              render: (b) =>
                b.status === 'done' && serving ? (
                  <Button size="xs" variant="subtle" color="warning" onClick={() => setRestoreOf(b.id)} data-testid={`restore-${b.id}`}>
                    {t('operator:backups.restore')}
                  </Button>
                ) : null,
            },
          ]}
        />
        {restoreOf ? (
          <form
            noValidate
            aria-label={t('operator:backups.restoreTitle')}
            onSubmit={async (e) => {
              e.preventDefault();
              const r = await restore({ id: centreId, backupId: restoreOf, host: typed });
              after(r.error, r.data?.restoreCenterDatabase);
              if (r.data?.restoreCenterDatabase.status) {
                setRestoreOf(null);
                setTyped('');
              }
            }}
          >
            <Alert color="warning" mt="md" title={t('operator:backups.restoreTitle')}>
              <Text size="sm" mb="sm">
                {t('operator:backups.restoreWarning', { host: centre?.hostname ?? '' })}
              </Text>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t('operator:backups.typeHost')}
                  value={typed}
                  onChange={(e) => setTyped(e.currentTarget.value)}
                  placeholder={centre?.hostname ?? ''}
                  required
                />
                <Button type="submit" color="warning" loading={restoreState.fetching} disabled={typed.trim() !== (centre?.hostname ?? '')}>
                  {t('operator:backups.restoreConfirm')}
                </Button>
                <Button variant="default" onClick={() => setRestoreOf(null)}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            </Alert>
          </form>
        ) : null}
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('operator:backups.drillsTitle')}
        </Text>
        <DataTable
          label={t('operator:backups.drillsTitle')}
          loading={fetching && !drills}
          rows={drills?.data ?? []}
          rowKey={(d) => d.id}
          server={{ paginatorInfo: drills?.paginatorInfo ?? null, onPage: setDrillsPage }}
          columns={[
            { key: 'created_at', header: t('operator:backups.started'), render: (d) => formatDateTime(d.created_at) },
            { key: 'status', header: t('operator:backups.status'), render: (d) => <StatusBadge status={d.status} /> },
            { key: 'tables_checked', header: t('operator:backups.tables'), render: (d) => String(d.tables_checked ?? '—') },
            { key: 'rows_checked', header: t('operator:backups.rows'), render: (d) => (d.rows_checked == null ? '—' : d.rows_checked.toLocaleString()) },
            { key: 'duration_ms', header: t('operator:backups.duration'), render: (d) => (d.duration_ms == null ? '—' : `${(d.duration_ms / 1000).toFixed(1)} s`) },
            {
              key: 'result',
              header: t('operator:backups.result'),
              render: (d) =>
                d.status === 'passed'
                  ? t('operator:backups.allMatch')
                  : d.mismatches.length
                    ? t('operator:backups.mismatches', { tables: d.mismatches.map((m) => m.table).join(', ') })
                    : (d.error ?? '—'),
            },
          ]}
        />
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('operator:backups.restoresTitle')}
        </Text>
        <DataTable
          label={t('operator:backups.restoresTitle')}
          rows={restores}
          rowKey={(r) => r.id}
          columns={[
            { key: 'created_at', header: t('operator:backups.started'), render: (r) => formatDateTime(r.created_at) },
            { key: 'status', header: t('operator:backups.status'), render: (r) => <StatusBadge status={r.status} /> },
            { key: 'step', header: t('operator:backups.step'), render: (r) => r.step ?? '—' },
            { key: 'to_database', header: t('operator:backups.database'), render: (r) => r.to_database ?? '—' },
            { key: 'drop_old_after', header: t('operator:backups.oldDropped'), render: (r) => (r.drop_old_after ? formatDateTime(r.drop_old_after) : r.error ?? '—') },
          ]}
        />
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('operator:backups.snapshotsTitle')}
        </Text>
        {snapshotError ? (
          <Text size="sm" c="dimmed" data-testid="snapshots-unavailable">
            {snapshotError.message}
          </Text>
        ) : (
          <DataTable
            label={t('operator:backups.snapshotsTitle')}
            loading={snapshots.fetching}
            rows={snapshots.data?.getDatabaseSnapshots ?? []}
            rowKey={(s) => s.id}
            columns={[
              { key: 'id', header: t('operator:backups.snapshot') },
              { key: 'created_at', header: t('operator:backups.taken'), render: (s) => formatDateTime(s.created_at) },
              { key: 'type', header: t('operator:backups.kind'), render: (s) => s.type ?? '—' },
              { key: 'status', header: t('operator:backups.status'), render: (s) => s.status ?? '—' },
              { key: 'size_gb', header: t('operator:backups.size'), render: (s) => (s.size_gb == null ? '—' : `${s.size_gb} GB`) },
            ]}
          />
        )}
      </Card>

      {centre ? <CentreDeletionCard centre={centre} onChanged={reload} /> : null}
    </Stack>
  );
}
