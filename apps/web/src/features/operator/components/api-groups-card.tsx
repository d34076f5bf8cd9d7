import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  ApiGroupRestartsQuery,
  ApiGroupsQuery,
  RestartServerMutation,
  type ApiGroupItem,
  type ApiRestartItem,
  type ApiWorkerItem,
} from '../api/aws-center-databases';
import { formatBytes } from './figures';
import { StatusBadge } from './status-badge';

/** While a restart runs, its progress is read again this often. */
const POLL_MS = 2000;

/** Seconds as the operator reads an uptime: 45s, 12m 5s, 3h 12m, 2d 4h. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s}s`;
  return `${s}s`;
}

/** How many recorded restarts of a group the screen lists. */
const HISTORY_SIZE = 5;

/** A figure a mode does not measure (ECS tasks: no pid, memory or request counts) reads as a dash. */
const orDash = (value: number | null | undefined, format: (v: number) => string = String) =>
  value === null || value === undefined ? '—' : format(value);

/** The group's latest recorded restarts (they outlive the processes they restarted). */
function RestartHistory({ group }: { group: string }) {
  const { t } = useTranslation('operator');
  const [{ data }] = useQuery({ query: ApiGroupRestartsQuery, variables: { group, first: HISTORY_SIZE }, requestPolicy: 'network-only' });
  const rows = data?.getApiGroupRestarts.data ?? [];
  const columns = useMemo<DataTableColumn<ApiRestartItem>[]>(
    () => [
      { key: 'started_at', header: t('operator:awsDatabases.historyStarted'), render: (r) => formatDateTime(r.started_at) },
      { key: 'status', header: t('operator:awsDatabases.status'), render: (r) => <StatusBadge status={r.status} /> },
      {
        key: 'replaced',
        header: t('operator:awsDatabases.historyReplaced'),
        render: (r) => t('operator:awsDatabases.historyReplacedValue', { replaced: r.replaced, total: r.total }),
      },
      { key: 'started_by', header: t('operator:awsDatabases.historyBy') },
      {
        key: 'finished_at',
        header: t('operator:awsDatabases.historyFinished'),
        render: (r) => (r.finished_at ? formatDateTime(r.finished_at) : '—'),
      },
      { key: 'error', header: t('operator:awsDatabases.historyError'), render: (r) => r.error ?? '—' },
    ],
    [t],
  );
  if (!rows.length) return null;
  return (
    <Stack gap={4} data-testid="restart-history">
      <Text size="sm" fw={600}>
        {t('operator:awsDatabases.history')}
      </Text>
      <DataTable label={t('operator:awsDatabases.history')} rows={rows} columns={columns} rowKey={(r) => r.id} />
    </Stack>
  );
}

/** One group: its workers, its last restart and the Restart button (admin) with its confirmation. */
function ApiGroupSection({ group, canRestart, onRestarted }: { group: ApiGroupItem; canRestart: boolean; onRestarted(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [{ fetching }, restart] = useMutation(RestartServerMutation);
  const [refusal, setRefusal] = useState<string | null>(null);
  const running = group.last_restart?.status === 'running';
  const ecs = group.mode === 'ecs';
  const columns = useMemo<DataTableColumn<ApiWorkerItem>[]>(
    () => [
      { key: 'id', header: t('operator:awsDatabases.worker') },
      ecs
        ? { key: 'task', header: t('operator:awsDatabases.task'), render: (w) => w.task ?? '—' }
        : { key: 'pid', header: t('operator:awsDatabases.pid'), render: (w) => orDash(w.pid) },
      { key: 'status', header: t('operator:awsDatabases.status'), render: (w) => <StatusBadge status={w.status} /> },
      { key: 'uptime_seconds', header: t('operator:awsDatabases.uptime'), render: (w) => formatUptime(w.uptime_seconds) },
      { key: 'memory_rss', header: t('operator:awsDatabases.memory'), render: (w) => orDash(w.memory_rss, formatBytes) },
      { key: 'requests_in_flight', header: t('operator:awsDatabases.inFlight'), render: (w) => orDash(w.requests_in_flight) },
      { key: 'requests_served', header: t('operator:awsDatabases.served'), render: (w) => orDash(w.requests_served) },
    ],
    [t, ecs],
  );
  const confirm = () =>
    modals.openConfirmModal({
      title: t('operator:awsDatabases.restartTitle', { name: group.name }),
      centered: true,
      children: <Text size="sm">{t(ecs ? 'operator:awsDatabases.restartTextEcs' : 'operator:awsDatabases.restartText')}</Text>,
      labels: { confirm: t('operator:awsDatabases.restartConfirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'warning', 'data-testid': 'restart-confirm' } as Record<string, string>,
      onConfirm: async () => {
        setRefusal(null);
        const result = await restart({ group: group.name });
        // A refusal the operator can act on (one process, a restart running) stays beside the button.
        const typed = result.error?.graphQLErrors.find((e) => e.extensions?.field === 'group');
        if (typed) {
          setRefusal(typed.message);
          return;
        }
        if (reportMutationError(result.error, t)) return;
        if (result.data) showNotice(result.data.restartServer);
        onRestarted();
      },
    });
  const last = group.last_restart;
  return (
    <Stack gap="sm" data-testid={`api-group-${group.name}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t('operator:awsDatabases.group', { name: group.name })}</Text>
          <Badge variant="light" color="gray" data-mode={group.mode}>
            {t(`operator:awsDatabases.modes.${group.mode}`, { size: group.size, defaultValue: group.mode })}
          </Badge>
        </Group>
        {canRestart ? (
          <Button
            size="xs"
            variant="light"
            color="warning"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={fetching || running}
            onClick={confirm}
            data-testid={`restart-${group.name}`}
          >
            {t('operator:awsDatabases.restart')}
          </Button>
        ) : null}
      </Group>
      {refusal ? (
        <Alert color="warning" variant="light" data-testid="restart-refused" withCloseButton onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="last-restart">
        {t('operator:awsDatabases.lastRestart')}:{' '}
        {last
          ? t(last.mode === 'ecs' ? 'operator:awsDatabases.restartProgressEcs' : 'operator:awsDatabases.restartProgress', {
              status: t(`operator:status.${last.status}`, { defaultValue: last.status }),
              replaced: last.replaced,
              total: last.total,
              when: formatDateTime(last.started_at),
              by: last.started_by,
            })
          : t('operator:awsDatabases.noRestart')}
        {last?.error ? ` ${t('operator:awsDatabases.restartError', { error: last.error })}` : ''}
      </Text>
      <DataTable
        label={t('operator:awsDatabases.group', { name: group.name })}
        rows={group.workers}
        columns={columns}
        rowKey={(w) => `${w.id}-${w.task ?? w.pid}`}
      />
      {/* Read again whenever the last restart moves (a new one, its progress, its end). */}
      <RestartHistory key={last ? `${last.id}-${last.status}-${last.replaced}` : 'none'} group={group.name} />
    </Stack>
  );
}

/** The API process groups (kvsupport reads, admin restarts); read again every 2 s while a restart runs. */
export function ApiGroupsCard({ canRestart }: { canRestart: boolean }) {
  const { t } = useTranslation('operator');
  const [{ data, fetching }, refetch] = useQuery({ query: ApiGroupsQuery, requestPolicy: 'network-only' });
  const groups = data?.getApiGroups ?? [];
  const running = groups.some((g) => g.last_restart?.status === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refetch]);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="api-groups">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('operator:awsDatabases.groupsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('operator:awsDatabases.groupsLead')}
          </Text>
        </div>
        {groups.length === 0 && !fetching ? (
          <Text c="dimmed" ta="center" data-testid="api-groups-empty">
            {t('shell:table.empty')}
          </Text>
        ) : null}
        {groups.map((g) => (
          <ApiGroupSection key={g.name} group={g} canRestart={canRestart} onRestarted={() => refetch({ requestPolicy: 'network-only' })} />
        ))}
      </Stack>
    </Card>
  );
}
