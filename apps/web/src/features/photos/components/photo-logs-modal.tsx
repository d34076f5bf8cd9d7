import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { PhotoLogsQuery, type PhotoData, type PhotoLogData } from '../api/photos.query';
import { fullName } from '../lib/names';

/** A photo's log (upload, approval, views, downloads, changes, deletion), newest first (managers). */
export function PhotoLogsModal({ photo, onClose }: { photo: PhotoData | null; onClose(): void }) {
  const { t } = useTranslation(['photos', 'common']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }] = useQuery({
    query: PhotoLogsQuery,
    variables: { id: photo?.id ?? '', ...paging },
    pause: !photo,
    requestPolicy: 'network-only',
  });
  const columns = useMemo<DataTableColumn<PhotoLogData>[]>(
    () => [
      { key: 'created_at', header: t('photos:logs.when'), render: (l) => formatDateTime(l.created_at) },
      { key: 'action', header: t('photos:logs.column'), value: (l) => t(`photos:logs.actions.${l.action}`, { defaultValue: l.action }) },
      { key: 'user', header: t('photos:logs.user'), value: (l) => (l.user ? fullName(l.user) : '—') },
    ],
    [t],
  );
  const page = data?.getPhotoLogs;
  return (
    <Modal opened={photo !== null} onClose={onClose} title={t('photos:logs.title')} size="lg">
      <div data-testid="photo-logs-table">
        <DataTable
          label={t('photos:logs.title')}
          rows={page?.data ?? []}
          columns={columns}
          rowKey={(l) => l.id}
          loading={fetching}
          server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
        />
      </div>
    </Modal>
  );
}
