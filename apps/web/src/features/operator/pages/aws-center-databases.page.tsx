import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useViewer } from '../../../lib/shell-context';
import {
  CenterDatabasesQuery,
  DeploymentServersQuery,
  type CenterDatabaseItem,
  type DeploymentServerItem,
} from '../api/aws-center-databases';
import { ApiGroupsCard } from '../components/api-groups-card';
import { formatBytes } from '../components/figures';
import { StatusBadge } from '../components/status-badge';

function SectionTitle({ title }: { title: string }) {
  return (
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
  );
}

/** Database servers with their connections and size, read now. */
function ServersCard({ servers, fetching }: { servers: readonly DeploymentServerItem[]; fetching: boolean }) {
  const { t } = useTranslation('operator');
  const columns = useMemo<DataTableColumn<DeploymentServerItem>[]>(
    () => [
      { key: 'name', header: t('operator:awsDatabases.server') },
      { key: 'kind', header: t('operator:awsDatabases.kind') },
      { key: 'host', header: t('operator:awsDatabases.host'), render: (s) => (s.host ? `${s.host}:${s.port ?? 5432}` : '—') },
      { key: 'status', header: t('operator:awsDatabases.status'), render: (s) => <StatusBadge status={s.status} /> },
      { key: 'center_count', header: t('operator:awsDatabases.centres'), render: (s) => `${s.center_count} / ${s.max_databases}` },
      {
        key: 'connections_used',
        header: t('operator:awsDatabases.connections'),
        render: (s) =>
          s.connections_used === null || s.connections_used === undefined ? (
            <Text size="sm" c="dimmed">
              {s.usage_error ?? '—'}
            </Text>
          ) : (
            t('operator:awsDatabases.connectionsValue', { used: s.connections_used, max: s.connections_max })
          ),
      },
      {
        key: 'size_bytes',
        header: t('operator:awsDatabases.size'),
        render: (s) => (s.size_bytes === null || s.size_bytes === undefined ? '—' : formatBytes(s.size_bytes)),
      },
    ],
    [t],
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="database-servers">
      <SectionTitle title={t('operator:awsDatabases.serversTitle')} />
      <DataTable label={t('operator:awsDatabases.serversTitle')} rows={servers} columns={columns} rowKey={(s) => s.id} loading={fetching} />
    </Card>
  );
}

/** Every centre's database and where it lives, a page at a time. */
function DatabasesCard({ servers }: { servers: { value: string; label: string }[] }) {
  const { t } = useTranslation('operator');
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [serverId, setServerId] = useState<string | null>(null);
  const [{ data, fetching }] = useQuery({
    query: CenterDatabasesQuery,
    variables: { ...page, search: search || null, server_id: serverId },
    requestPolicy: 'cache-and-network',
  });
  const columns = useMemo<DataTableColumn<CenterDatabaseItem>[]>(
    () => [
      { key: 'center_name', header: t('operator:awsDatabases.centre') },
      { key: 'status', header: t('operator:awsDatabases.status'), render: (d) => <StatusBadge status={d.status} /> },
      { key: 'database_name', header: t('operator:awsDatabases.database'), render: (d) => d.database_name ?? '—' },
      { key: 'server_name', header: t('operator:awsDatabases.server'), render: (d) => d.server_name ?? '—' },
      { key: 'schema_version', header: t('operator:awsDatabases.schema'), render: (d) => d.schema_version ?? '—' },
      {
        key: 'migration_status',
        header: t('operator:awsDatabases.migration'),
        render: (d) => (
          <Stack gap={2} align="flex-start">
            <StatusBadge status={d.migration_status} />
            {d.migration_error ? (
              <Text size="xs" c="danger">
                {d.migration_error}
              </Text>
            ) : null}
          </Stack>
        ),
      },
    ],
    [t],
  );
  const result = data?.getCenterDatabases;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-databases">
      <SectionTitle title={t('operator:awsDatabases.databasesTitle')} />
      <DataTable
        label={t('operator:awsDatabases.databasesTitle')}
        rows={result?.data ?? []}
        columns={columns}
        rowKey={(d) => d.center_id}
        loading={fetching}
        toolbar={
          servers.length > 1 ? (
            <Select
              aria-label={t('operator:awsDatabases.allServers')}
              placeholder={t('operator:awsDatabases.allServers')}
              data={servers}
              value={serverId}
              onChange={(v) => {
                setServerId(v);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              clearable
              size="sm"
              w={180}
            />
          ) : null
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
  );
}

/** /aws-center-databases (admin): database servers, the API processes (restart), centre databases. */
export function AwsCenterDatabasesPage() {
  const { t } = useTranslation('operator');
  const isAdmin = roleAtLeast(useViewer().role, 'admin');
  const [{ data, fetching }] = useQuery({ query: DeploymentServersQuery, requestPolicy: 'network-only' });
  const servers = data?.getDeploymentServers ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:awsDatabases.title')}
        </Title>
        <Text c="dimmed">{t('operator:awsDatabases.lead')}</Text>
      </div>
      <ServersCard servers={servers} fetching={fetching} />
      <ApiGroupsCard canRestart={isAdmin} />
      <DatabasesCard servers={servers.map((s) => ({ value: s.id, label: s.name }))} />
    </Stack>
  );
}
