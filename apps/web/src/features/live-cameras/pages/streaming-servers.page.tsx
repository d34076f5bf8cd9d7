import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateTimeText } from '../../../components/formatted';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { CreateStreamMutation } from '../api/create-stream.mutation';
import { DeleteStreamMutation } from '../api/delete-stream.mutation';
import { DropdownLocationsQuery } from '../api/dropdown-locations.query';
import { SetDefaultStreamMutation } from '../api/set-default-stream.mutation';
import { StreamsQuery } from '../api/streams.query';
import type { StreamingServer } from '../api/types';
import { UpdateStreamMutation } from '../api/update-stream.mutation';
import { StreamForm } from '../forms/stream-form';
import { STREAM_FORM_FIELDS, type StreamFormValues } from '../forms/stream-form.schema';
import { usePaging } from '../hooks/use-paging';

const CHANGED = { additionalTypenames: ['StreamingServer'] };

/** /streaming-servers: the centre's streaming servers (dev origin, MediaMTX, token-auth HLS). */
export function StreamingServersPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const client = useClient();
  const paging = usePaging();
  const [{ data, fetching, error }] = useQuery({ query: StreamsQuery, variables: { page: paging.page, first: paging.first } });
  const [locs] = useQuery({ query: DropdownLocationsQuery, variables: {} });
  const locations = useMemo(() => (locs.data?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name })), [locs.data]);
  const locationName = useMemo(() => new Map(locations.map((l) => [l.value, l.label])), [locations]);

  const open = useCallback(
    (row: StreamingServer | null) => {
      const id = modals.open({
        title: row ? t('cameras:servers.editTitle', { name: row.name }) : t('cameras:servers.addTitle'),
        size: 'lg',
        children: (
          <StreamForm
            editing={Boolean(row)}
            hasSecret={row?.has_secret ?? false}
            locations={locations}
            defaults={{
              name: row?.name ?? '',
              type: (row?.type as StreamFormValues['type']) ?? 'mediamtx',
              base_url: row?.base_url ?? '',
              api_url: row?.api_url ?? '',
              secret: '',
              remove_secret: false,
              location_id: row?.location_id ?? '',
              is_default: false,
              status: row?.status ?? true,
            }}
            onCancel={() => modals.close(id)}
            onSubmit={async (v, setError) => {
              const common = { name: v.name, type: v.type, base_url: v.base_url, api_url: v.api_url || null, status: v.status };
              const result = row
                ? await client
                    .mutation(
                      UpdateStreamMutation,
                      { id: row.id, ...common, secret: v.remove_secret ? '' : v.secret || undefined },
                      CHANGED,
                    )
                    .toPromise()
                : await client
                    .mutation(
                      CreateStreamMutation,
                      { ...common, secret: v.secret || null, location_id: v.location_id || null, is_default: v.is_default },
                      CHANGED,
                    )
                    .toPromise();
              if (reportMutationError(result.error, t, { setError, fields: STREAM_FORM_FIELDS })) return;
              const notice = result.data && ('updateStream' in result.data ? result.data.updateStream : result.data.createStream);
              if (notice) showNotice(notice);
              if (notice?.status !== false) modals.close(id);
            }}
          />
        ),
      });
    },
    [t, client, locations],
  );

  const columns = useMemo<DataTableColumn<StreamingServer>[]>(() => {
    return [
      {
        key: 'name',
        header: t('cameras:servers.name'),
        render: (r) => (
          <Group gap={6}>
            <Text size="sm">{r.name}</Text>
            {r.is_default ? (
              <Badge size="xs" variant="light">
                {t('cameras:servers.default')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      { key: 'type', header: t('cameras:servers.type'), value: (r) => t(`cameras:servers.types.${r.type}`, { defaultValue: r.type }) },
      { key: 'base_url', header: t('cameras:servers.baseUrl') },
      {
        key: 'location_id',
        header: t('cameras:servers.location'),
        value: (r) => (r.location_id ? (locationName.get(r.location_id) ?? '') : t('cameras:servers.wholeCentre')),
      },
      {
        key: 'status',
        header: t('cameras:servers.status'),
        value: (r) => (r.status ? t('cameras:servers.active') : t('cameras:servers.inactive')),
      },
      { key: 'updated_at', header: t('cameras:columns.updated'), render: (r) => <DateTimeText value={r.updated_at} /> },
      {
        key: 'actions',
        header: t('cameras:columns.actions'),
        sortable: false,
        searchable: false,
        render: (r) => (
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconEdit size={14} />}
              onClick={() => open(r)}
              aria-label={t('cameras:servers.editTitle', { name: r.name })}
            >
              {t('cameras:servers.edit')}
            </Button>
            {!r.is_default ? (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconStar size={14} />}
                aria-label={t('cameras:servers.makeDefaultFor', { name: r.name })}
                onClick={async () => {
                  const res = await client.mutation(SetDefaultStreamMutation, { id: r.id }, CHANGED).toPromise();
                  if (reportMutationError(res.error, t)) return;
                  if (res.data) showNotice(res.data.setDefaultStream);
                }}
              >
                {t('cameras:servers.setDefault')}
              </Button>
            ) : null}
            <Button
              size="compact-sm"
              variant="light"
              color="danger"
              leftSection={<IconTrash size={14} />}
              aria-label={t('cameras:servers.deleteFor', { name: r.name })}
              onClick={() =>
                confirmDelete(t, r.name, async () => {
                  const res = await client.mutation(DeleteStreamMutation, { id: r.id }, CHANGED).toPromise();
                  if (reportMutationError(res.error, t)) return;
                  if (res.data) showNotice(res.data.deleteStream);
                })
              }
            >
              {t('cameras:servers.delete')}
            </Button>
          </Group>
        ),
      },
    ];
  }, [t, client, locationName, open]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('cameras:servers.title')}
          </Title>
          <Text c="dimmed">{t('cameras:servers.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="stream-add">
          {t('cameras:servers.add')}
        </Button>
      </Group>
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('cameras:servers.title')}
          rows={data?.getStreams.data ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          loading={fetching}
          server={{ paginatorInfo: data?.getStreams.paginatorInfo ?? null, onPage: paging.onPage }}
        />
      </Card>
    </Stack>
  );
}
