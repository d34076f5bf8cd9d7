import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import type { CenterData } from '../api/center.fragment';
import { CentersQuery } from '../api/centers.query';
import { StatusBadge } from '../components/status-badge';
import { StatisticsTotalsCard } from '../components/statistics-totals-card';

const STATUSES = ['provisioning', 'active', 'suspended', 'failed', 'deleted'] as const;

/** /centers-list: every centre with its status, trial and schema version (server-paged). */
export function CentresPage() {
  const { t } = useTranslation(['operator', 'common']);
  const viewer = useViewer();
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [{ data, fetching }] = useQuery({
    query: CentersQuery,
    variables: { ...page, search: search || null, status },
    requestPolicy: 'cache-and-network',
  });

  const columns = useMemo<DataTableColumn<CenterData>[]>(
    () => [
      {
        key: 'name',
        header: t('operator:centres.name'),
        render: (c) => (
          <Anchor component={Link} to={paths.center.to({ centreId: c.id })} fw={500} data-testid={`centre-${c.slug}`}>
            {c.name}
          </Anchor>
        ),
      },
      { key: 'slug', header: t('operator:centres.slug') },
      { key: 'kind', header: t('operator:centres.kind'), render: (c) => t(`operator:kinds.${c.kind}`, { defaultValue: c.kind }) },
      { key: 'status', header: t('operator:centres.status'), render: (c) => <StatusBadge status={c.status} /> },
      {
        key: 'trial_ends_on',
        header: t('operator:centres.trial'),
        render: (c) => (c.on_trial ? t('operator:centres.trialUntil', { date: c.trial_ends_on ?? '' }) : t('operator:centres.noTrial')),
      },
      {
        key: 'schema_version',
        header: t('operator:centres.schema'),
        render: (c) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace">
              {c.schema_version ?? '—'}
            </Text>
            {c.migration_status && c.migration_status !== 'ok' ? <StatusBadge status={c.migration_status} /> : null}
          </Group>
        ),
      },
      { key: 'created_at', header: t('operator:centres.created'), render: (c) => formatDateTime(c.created_at) },
    ],
    [t],
  );

  const result = data?.getCenters;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('operator:centres.title')}
          </Title>
          <Text c="dimmed">{t('operator:centres.lead')}</Text>
        </div>
        {roleAtLeast(viewer.role, 'admin') ? (
          <Button component={Link} to={paths.centreNew.to()} leftSection={<IconPlus size={16} aria-hidden />} data-testid="add-centre">
            {t('operator:centres.add')}
          </Button>
        ) : null}
      </Group>
      {roleAtLeast(viewer.role, 'admin') ? <StatisticsTotalsCard /> : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('operator:centres.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(c) => c.id}
          loading={fetching}
          toolbar={
            <Select
              aria-label={t('operator:centres.statusFilter')}
              placeholder={t('operator:centres.allStatuses')}
              data={STATUSES.map((s) => ({ value: s, label: t(`operator:status.${s}`) }))}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              clearable
              size="sm"
              w={170}
            />
          }
          server={{
            paginatorInfo: result?.paginatorInfo ?? null,
            onPage: setPage,
            onSearch: (query) => {
              setSearch(query);
              setPage((p) => ({ ...p, page: 1 }));
            },
          }}
        />
      </Card>
    </Stack>
  );
}
