import { Badge, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateTimeText } from '../../../components/formatted';
import { CameraHistoryQuery } from '../api/cameras.query';
import type { HistoryEntryData } from '../api/fragments';
import { LocationHistoryQuery } from '../api/locations.query';

/** Every recorded change of a location or a camera: who, what, when (server pages). */
export function HistoryModal({
  target,
  onClose,
}: {
  target: { kind: 'location' | 'camera'; id: string; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      opened={target !== null}
      onClose={onClose}
      size="xl"
      title={target ? t('setup:history.title', { name: target.name }) : ''}
    >
      {target ? <HistoryTable target={target} /> : null}
    </Modal>
  );
}

function HistoryTable({ target }: { target: { kind: 'location' | 'camera'; id: string } }) {
  const { t } = useTranslation(['setup', 'common']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [locationResult] = useQuery({
    query: LocationHistoryQuery,
    variables: { location: target.id, ...paging },
    pause: target.kind !== 'location',
    requestPolicy: 'network-only',
  });
  const [cameraResult] = useQuery({
    query: CameraHistoryQuery,
    variables: { id: target.id, ...paging },
    pause: target.kind !== 'camera',
    requestPolicy: 'network-only',
  });
  const result = target.kind === 'location' ? locationResult.data?.getLocationHistory : cameraResult.data?.getCameraHistory;
  const fetching = target.kind === 'location' ? locationResult.fetching : cameraResult.fetching;
  const columns = useMemo<DataTableColumn<HistoryEntryData>[]>(
    () => [
      { key: 'created_at', header: t('setup:history.when'), render: (h) => <DateTimeText value={h.created_at} /> },
      {
        key: 'actor_name',
        header: t('setup:history.who'),
        render: (h) => (
          <Stack gap={2}>
            <Text size="sm">{h.actor_name ?? t('setup:history.system')}</Text>
            {h.by_support ? (
              <Badge size="xs" variant="light">
                {t('setup:history.support')}
              </Badge>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'summary',
        header: t('setup:history.what'),
        render: (h) => (
          <Stack gap={2}>
            <Text size="sm">{h.summary}</Text>
            {h.changes.map((c) => (
              <Text key={c.field} size="xs" c="dimmed">
                {t('setup:history.change', { field: c.field, from: c.old_value ?? '—', to: c.new_value ?? '—' })}
              </Text>
            ))}
          </Stack>
        ),
      },
    ],
    [t],
  );
  return (
    <DataTable
      label={t('setup:history.table')}
      rows={result?.data ?? []}
      columns={columns}
      rowKey={(h) => h.id}
      loading={fetching}
      server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPaging }}
    />
  );
}
