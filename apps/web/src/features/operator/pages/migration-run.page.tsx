import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import type { TenantMigrationData } from '../api/migration-run.fragment';
import { MigrationRunQuery } from '../api/migration-run.query';
import { StatusBadge } from '../components/status-badge';

const POLL_MS = 2000;

/** /migrations/:runId: each centre's outcome, refreshed while the run is going. */
export function MigrationRunPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { runId = '' } = useParams();
  const [{ data, error, fetching }, refetch] = useQuery({
    query: MigrationRunQuery,
    variables: { id: runId },
    requestPolicy: 'network-only',
  });
  const run = data?.migrationRun;

  useEffect(() => {
    if (run?.status !== 'running') return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearTimeout(timer);
  }, [run, refetch]);

  const columns = useMemo<DataTableColumn<TenantMigrationData>[]>(
    () => [
      { key: 'center_name', header: t('operator:centres.name') },
      { key: 'slug', header: t('operator:centres.slug') },
      { key: 'status', header: t('operator:centres.status'), render: (c) => <StatusBadge status={c.status} /> },
      { key: 'from_version', header: t('operator:migrations.from') },
      { key: 'to_version', header: t('operator:migrations.to') },
      { key: 'applied', header: t('operator:migrations.applied'), render: (c) => (c.applied.length ? c.applied.join(', ') : '—') },
      {
        key: 'error',
        header: t('operator:migrations.error'),
        render: (c) =>
          c.error ? (
            <Text size="sm" c="danger">
              {c.error}
            </Text>
          ) : (
            '—'
          ),
      },
      { key: 'finished_at', header: t('operator:migrations.finished'), render: (c) => formatDateTime(c.finished_at) },
    ],
    [t],
  );

  if (fetching && !data) return <Loader role="status" aria-label={t('common:loading')} />;
  if (error || !run) {
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('operator:migrations.notFound')}
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="migration-run" data-status={run.status}>
      <Group gap="sm">
        <Title order={1} size="h2">
          {run.dry_run ? t('operator:migrations.dryTitle') : t('operator:migrations.runTitle')}
        </Title>
        <StatusBadge status={run.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {(
          [
            ['operator:migrations.centres', run.total],
            ['operator:migrations.succeeded', run.succeeded],
            ['operator:migrations.failed', run.failed],
            ['operator:migrations.started', formatDateTime(run.started_at)],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} withBorder radius="md" padding="md">
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {run.error ? (
        <Alert color="danger" variant="light">
          {run.error}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable label={t('operator:migrations.perCentre')} rows={run.centers} columns={columns} rowKey={(c) => c.center_id} />
      </Card>
    </Stack>
  );
}
