import { Alert, Badge, Button, Card, Group, List, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBroadcast, IconDatabaseCog, IconEraser, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { Fact } from '../components/figures';
import { StatusBadge } from '../components/status-badge';
import {
  CenterHealthQuery,
  FlushCenterCachesMutation,
  RepublishCenterMutation,
  RerunCenterMigrationMutation,
  UtilityCentresQuery,
  type CenterHealthData,
  type UtilityResultData,
} from '../api/utilities';

const SHOWN = 20;
const POLL_MS = 2000;

/** Picks a centre by name, slug or hostname (searched on the server). */
function CentrePicker({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation(['operator', 'common', 'shell']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [{ data, fetching }] = useQuery({ query: UtilityCentresQuery, variables: { search: debounced || null, first: SHOWN } });
  const options = useMemo(
    () => (data?.getCenters.data ?? []).filter((c) => c.status !== 'deleted').map((c) => ({ value: c.id, label: `${c.name} · ${c.slug}` })),
    [data],
  );
  return (
    <Select
      label={t('operator:utilities.centre')}
      placeholder={t('operator:utilities.pickCentre')}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={fetching ? t('common:loading') : t('shell:table.empty')}
      maw={420}
      data-testid="utility-centre"
    />
  );
}

function Health({ health }: { health: CenterHealthData }) {
  const { t } = useTranslation(['operator']);
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : t('operator:utilities.never'));
  const current = health.schema_version !== null && health.pending_migrations === 0;
  const migration = health.last_migration;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="utility-health">
      <Fact label={t('operator:utilities.status')}>
        <StatusBadge status={health.status} />
      </Fact>
      <Fact label={t('operator:utilities.hostnames')}>{health.hostnames.length ? health.hostnames.join(', ') : '—'}</Fact>
      <Fact label={t('operator:utilities.database')} testId="health-database">
        <Group gap={6}>
          <Badge
            variant="light"
            color={health.database_reachable ? 'success' : 'danger'}
            data-reachable={String(health.database_reachable)}
          >
            {health.database_reachable ? t('operator:utilities.reachable') : t('operator:utilities.unreachable')}
          </Badge>
          {health.database_latency_ms !== null && health.database_latency_ms !== undefined ? (
            <Text size="xs" c="dimmed">
              {t('operator:utilities.latency', { ms: health.database_latency_ms })}
            </Text>
          ) : null}
        </Group>
        {health.database_error ? (
          <Text size="xs" c="danger">
            {health.database_error}
          </Text>
        ) : null}
      </Fact>
      <Fact label={t('operator:utilities.schema')} testId="health-schema">
        <Group gap={6}>
          <Text size="sm" ff="monospace">
            {health.schema_version ?? '—'}
          </Text>
          <Badge variant="light" color={current ? 'success' : 'warning'}>
            {current ? t('operator:utilities.upToDate') : t('operator:utilities.behind', { count: health.pending_migrations ?? 0 })}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('operator:utilities.latest', { version: health.latest_version })}
        </Text>
      </Fact>
      <Fact label={t('operator:utilities.backlog')} testId="health-backlog">
        {health.queue_backlog ?? '—'}
        {health.queue_retrying ? (
          <Text size="xs" c="warning">
            {t('operator:utilities.retrying', { count: health.queue_retrying })}
          </Text>
        ) : null}
        {health.queue_oldest_due_at ? (
          <Text size="xs" c="dimmed">
            {t('operator:utilities.oldestDue', { when: formatDateTime(health.queue_oldest_due_at) })}
          </Text>
        ) : null}
      </Fact>
      <Fact label={t('operator:utilities.lastBackup')}>
        {when(health.last_backup_at)} {health.last_backup_status ? <StatusBadge status={health.last_backup_status} /> : null}
      </Fact>
      <Fact label={t('operator:utilities.lastDrill')}>
        {when(health.last_drill_at)}{' '}
        {health.last_drill_status ? (
          <Badge variant="light" color={health.last_drill_status === 'passed' ? 'success' : 'danger'}>
            {t(`operator:utilities.drill.${health.last_drill_status}`, { defaultValue: health.last_drill_status })}
          </Badge>
        ) : null}
      </Fact>
      <Fact label={t('operator:utilities.lastMigration')} testId="health-migration">
        {migration ? (
          <>
            <Group gap={6}>
              <StatusBadge status={migration.status} />
              <Text size="xs" c="dimmed">
                {when(migration.finished_at ?? migration.started_at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('operator:utilities.migrationDetail', {
                from: migration.from_version ?? '—',
                to: migration.to_version ?? '—',
                count: migration.applied.length,
              })}
              {migration.started_by ? ` · ${migration.started_by}` : ''}
            </Text>
            {migration.error ? (
              <Text size="xs" c="danger">
                {migration.error}
              </Text>
            ) : null}
          </>
        ) : (
          t('operator:utilities.never')
        )}
      </Fact>
      <Fact label={t('operator:utilities.checked')}>{formatDateTime(health.checked_at)}</Fact>
    </SimpleGrid>
  );
}

/** What the last action answered: its notice, and what it announced or emptied. */
function ResultPanel({ result, running }: { result: UtilityResultData; running: boolean }) {
  const { t } = useTranslation(['operator']);
  return (
    <Alert
      color={result.color}
      title={t(`operator:utilities.actions.${result.action}`)}
      data-testid="utility-result"
      data-action={result.action}
    >
      <Stack gap={4}>
        <Text size="sm">{result.message}</Text>
        {result.hostnames.length ? (
          <>
            <Text size="xs" fw={500}>
              {t('operator:utilities.announced')}
            </Text>
            <List size="sm">
              {result.hostnames.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        {result.flushed.length ? (
          <Text size="sm">
            {t('operator:utilities.flushed', {
              what: result.flushed.map((f) => t(`operator:utilities.caches.${f.replace(' ', '_')}`, { defaultValue: f })).join(', '),
            })}
          </Text>
        ) : null}
        {result.action === 'migrate' ? (
          <Group gap={6}>
            {running ? <Loader size="xs" /> : null}
            <Text size="sm" data-testid="utility-migration-progress">
              {running ? t('operator:utilities.migrationRunning') : t('operator:utilities.migrationFinished')}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** /utilities (kvsupport): pick a centre, read its health, re-run its migration, republish it, flush its caches. */
export function UtilitiesPage() {
  const { t } = useTranslation(['operator', 'common']);
  const [centreId, setCentreId] = useState<string | null>(null);
  const [result, setResult] = useState<UtilityResultData | null>(null);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CenterHealthQuery,
    variables: { center_id: centreId ?? '' },
    pause: !centreId,
    requestPolicy: 'network-only',
  });
  const health = data?.getCenterHealth && data.getCenterHealth.center_id === centreId ? data.getCenterHealth : null;
  const [{ fetching: migrating }, migrate] = useMutation(RerunCenterMigrationMutation);
  const [{ fetching: republishing }, republish] = useMutation(RepublishCenterMutation);
  const [{ fetching: flushing }, flush] = useMutation(FlushCenterCachesMutation);

  // A re-run migration is followed until its row of the run is done or failed.
  const running =
    result?.action === 'migrate' &&
    (!health?.last_migration ||
      health.last_migration.run_id !== result.migration_run_id ||
      ['pending', 'running'].includes(health.last_migration.status));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refetch]);

  const run = (action: 'migrate' | 'republish' | 'flush_caches') => async () => {
    if (!centreId) return;
    const vars = { center_id: centreId };
    const answered =
      action === 'migrate'
        ? await migrate(vars).then((r) => ({ error: r.error, data: r.data?.rerunCenterMigration }))
        : action === 'republish'
          ? await republish(vars).then((r) => ({ error: r.error, data: r.data?.republishCenter }))
          : await flush(vars).then((r) => ({ error: r.error, data: r.data?.flushCenterCaches }));
    if (reportMutationError(answered.error, t) || !answered.data) return;
    showNotice(answered.data);
    setResult(answered.data);
    refetch({ requestPolicy: 'network-only' });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:utilities.title')}
        </Title>
        <Text c="dimmed">{t('operator:utilities.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <CentrePicker
          value={centreId}
          onChange={(id) => {
            setCentreId(id);
            setResult(null);
          }}
        />
      </Card>
      {centreId ? (
        <>
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" mb="md" wrap="wrap">
              <Title order={2} size="h4">
                {health ? t('operator:utilities.healthOf', { name: health.name }) : t('operator:utilities.health')}
              </Title>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={fetching}
                onClick={() => refetch({ requestPolicy: 'network-only' })}
                data-testid="utility-check"
              >
                {t('operator:utilities.checkAgain')}
              </Button>
            </Group>
            {error ? (
              <Alert color="danger">{error.graphQLErrors[0]?.message ?? t('common:errors.network')}</Alert>
            ) : health ? (
              <Health health={health} />
            ) : (
              <Loader size="sm" />
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t('operator:utilities.actionsTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('operator:utilities.actionsLead')}
            </Text>
            <Group gap="sm" wrap="wrap" mb={result ? 'md' : 0}>
              <Button
                leftSection={<IconDatabaseCog size={16} aria-hidden />}
                loading={migrating}
                disabled={running}
                onClick={run('migrate')}
                data-testid="utility-migrate"
              >
                {t('operator:utilities.actions.migrate')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconBroadcast size={16} aria-hidden />}
                loading={republishing}
                onClick={run('republish')}
                data-testid="utility-republish"
              >
                {t('operator:utilities.actions.republish')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconEraser size={16} aria-hidden />}
                loading={flushing}
                onClick={run('flush_caches')}
                data-testid="utility-flush"
              >
                {t('operator:utilities.actions.flush_caches')}
              </Button>
            </Group>
            {result ? <ResultPanel result={result} running={running} /> : null}
          </Card>
        </>
      ) : null}
    </Stack>
  );
}
