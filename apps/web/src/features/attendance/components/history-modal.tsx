import { Badge, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AttendanceHistoryQuery, type HistoryEntryData } from '../api/attendance-history.query';
import { formatInZone } from '../lib/formats';
import type { RecordTarget } from './correction-modal';

const TIME_FIELDS = new Set(['start_time', 'end_time']);
const FIELD_ORDER = ['start_time', 'end_time', 'program_id'];
const KNOWN_FIELDS = new Set(FIELD_ORDER);
/** Check-in, check-out, then the room, whatever order the audit row kept them in. */
const rank = (field: string) => (KNOWN_FIELDS.has(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

interface HistoryModalProps {
  target: RecordTarget | null;
  timeZone: string | null;
  rooms: { id: string; name: string }[];
}

function HistoryTable({ target, timeZone, rooms }: HistoryModalProps & { target: RecordTarget }) {
  const { t } = useTranslation(['attendance', 'common']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching, error }] = useQuery({
    query: AttendanceHistoryQuery,
    variables: { id: target.record.id, ...paging },
    requestPolicy: 'cache-and-network',
  });
  const page = data?.getAttendanceHistory;
  const value = (field: string, raw: string | null) => {
    if (raw === null || raw === '') return t('attendance:history.none');
    if (TIME_FIELDS.has(field)) return formatInZone(raw, timeZone);
    if (field === 'program_id') return rooms.find((r) => r.id === raw)?.name ?? raw;
    return raw;
  };
  const columns: DataTableColumn<HistoryEntryData>[] = [
    { key: 'created_at', header: t('attendance:history.when'), render: (e) => formatInZone(e.created_at, timeZone) },
    {
      key: 'actor_name',
      header: t('attendance:history.who'),
      render: (e) => (
        <>
          {e.actor_name ?? t('attendance:history.unknown')}
          {e.by_support ? (
            <Badge ml="xs" size="xs" variant="light">
              {t('attendance:history.support')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'summary',
      header: t('attendance:history.what'),
      sortable: false,
      render: (e) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t(`attendance:history.actions.${e.action}`, { defaultValue: e.summary })}
          </Text>
          {[...e.changes]
            .sort((a, b) => rank(a.field) - rank(b.field))
            .map((c) => (
              <Text size="sm" key={c.field} data-testid={`history-change-${c.field}`}>
                {t('attendance:history.change', {
                  field: KNOWN_FIELDS.has(c.field) ? t(`attendance:history.fields.${c.field}`) : c.field,
                  from: value(c.field, c.old_value),
                  to: value(c.field, c.new_value),
                })}
              </Text>
            ))}
        </Stack>
      ),
    },
    { key: 'reason', header: t('attendance:history.reason'), render: (e) => e.reason ?? '' },
  ];
  if (error && !data)
    return (
      <Text c="danger" role="alert">
        {t('attendance:common.loadFailed')}
      </Text>
    );
  return (
    <DataTable
      label={t('attendance:history.tableLabel', { name: target.child.full_name })}
      rows={page?.data ?? []}
      columns={columns}
      rowKey={(e) => e.id}
      loading={fetching}
      server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
    />
  );
}

/** "History": the audit trail of one record — who, when, what changed and why. */
export function HistoryModal({ target, timeZone, rooms, onClose }: HistoryModalProps & { onClose(): void }) {
  const { t } = useTranslation(['attendance', 'common']);
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={t('attendance:history.title', { name: target?.child.full_name ?? '' })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target ? (
        <div data-testid="history">
          <HistoryTable key={target.record.id} target={target} timeZone={timeZone} rooms={rooms} />
        </div>
      ) : null}
    </Modal>
  );
}
