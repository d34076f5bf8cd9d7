import { Anchor, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import type { MigrationRunData } from '../api/migration-run.fragment';
import { MigrationRunsQuery } from '../api/migration-runs.query';
import { RunTenantMigrationsMutation } from '../api/run-tenant-migrations.mutation';
import { StatusBadge } from '../components/status-badge';

/** /migrations: tenant migration runs over every centre; start one (or a dry run). */
export function MigrationRunsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const navigate = useNavigate();
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [dryRun, setDryRun] = useState(true);
  const [{ data, fetching }] = useQuery({ query: MigrationRunsQuery, variables: page, requestPolicy: 'cache-and-network' });
  const [{ fetching: starting }, run] = useMutation(RunTenantMigrationsMutation);

  const columns = useMemo<DataTableColumn<MigrationRunData>[]>(
    () => [
      {
        key: 'started_at',
        header: t('operator:migrations.started'),
        render: (r) => (
          <Anchor component={Link} to={paths.migrationRun.to({ runId: r.id })} data-testid={`run-${r.id}`}>
            {formatDateTime(r.started_at)}
          </Anchor>
        ),
      },
      {
        key: 'dry_run',
        header: t('operator:migrations.kind'),
        render: (r) => (r.dry_run ? t('operator:migrations.dry') : t('operator:migrations.real')),
      },
      { key: 'status', header: t('operator:centres.status'), render: (r) => <StatusBadge status={r.status} /> },
      { key: 'total', header: t('operator:migrations.centres') },
      { key: 'succeeded', header: t('operator:migrations.succeeded') },
      { key: 'failed', header: t('operator:migrations.failed') },
      { key: 'started_by', header: t('operator:migrations.startedBy') },
    ],
    [t],
  );

  const result = data?.migrationRuns;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:migrations.title')}
        </Title>
        <Text c="dimmed">{t('operator:migrations.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Checkbox
            checked={dryRun}
            onChange={(e) => setDryRun(e.currentTarget.checked)}
            label={t('operator:migrations.dryRunLabel')}
            data-testid="migrations-dry-run"
          />
          <Button
            loading={starting}
            data-testid="start-migrations"
            onClick={async () => {
              const r = await run({ dry_run: dryRun });
              if (reportMutationError(r.error, t)) return;
              const payload = r.data?.runTenantMigrations;
              if (!payload) return;
              showNotice(payload);
              if (payload.run) navigate(paths.migrationRun.to({ runId: payload.run.id }));
            }}
          >
            {dryRun ? t('operator:migrations.startDry') : t('operator:migrations.start')}
          </Button>
        </Group>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('operator:migrations.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          loading={fetching}
          server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPage }}
        />
      </Card>
    </Stack>
  );
}
