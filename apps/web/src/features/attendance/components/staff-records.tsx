import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import {
  DeleteTeamAttendanceMutation,
  TimeclockHistoryQuery,
  UpdateTeamAttendanceMutation,
  type StaffRecordData,
} from '../api/staff-records';
import { useAttendanceChanged } from '../hooks/use-live';
import { formatHours, formatTimeInZone, todayInZone } from '../lib/formats';
import { CorrectionModal, type EditTarget, type RecordTarget, type SaveRecord } from './correction-modal';
import { DeleteRecordModal } from './delete-record-modal';

interface StaffRecordsProps {
  locationId: string;
  timeZone: string | null;
  rooms: { id: string; name: string }[];
}

const targetOf = (r: StaffRecordData): RecordTarget => ({
  child: { id: r.user_id, full_name: r.user?.full_name ?? '' },
  record: { id: r.id, start_time: r.start_time, end_time: r.end_time, program_id: r.program_id, break_time: r.break_time },
});

/**
 * The location's staff clock-ins of one day (managers): correct a record's times, break or room, or
 * delete it — each with a reason kept in the audit trail.
 */
export function StaffRecords({ locationId, timeZone, rooms }: StaffRecordsProps) {
  const { t } = useTranslation(['attendance', 'common', 'shell']);
  const today = todayInZone(timeZone);
  const [date, setDate] = useState(today);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [correcting, setCorrecting] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<RecordTarget | null>(null);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: TimeclockHistoryQuery,
    variables: { location_id: locationId, from: date, to: date, ...paging },
    pause: !date,
  });
  const [, update] = useMutation(UpdateTeamAttendanceMutation);
  const [, remove] = useMutation(DeleteTeamAttendanceMutation);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  useAttendanceChanged(locationId, refresh);
  const page = data?.getTimeclockHistory;

  const save: SaveRecord = async (target, changes) => {
    if (!target.record) return {};
    const r = await update({ id: target.record.id, ...changes });
    return { error: r.error, notice: r.data?.updateTeamAttendance };
  };

  const columns: DataTableColumn<StaffRecordData>[] = [
    { key: 'user.full_name', header: t('attendance:columns.staff') },
    { key: 'program.name', header: t('attendance:columns.room') },
    { key: 'start_time', header: t('attendance:columns.in'), render: (r) => formatTimeInZone(r.start_time, timeZone) },
    {
      key: 'end_time',
      header: t('attendance:columns.out'),
      render: (r) => (r.end_time ? formatTimeInZone(r.end_time, timeZone) : t('attendance:reports.stillIn')),
    },
    { key: 'break_time', header: t('attendance:reports.columns.breakMinutes') },
    { key: 'hours', header: t('attendance:columns.hours'), render: (r) => formatHours(r.hours) },
    {
      key: 'actions',
      header: t('shell:table.actions'),
      sortable: false,
      searchable: false,
      render: (r) => {
        const name = r.user?.full_name ?? '';
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setCorrecting(targetOf(r))}
              aria-label={t('attendance:correct.open', { name })}
              data-testid={`staff-correct-${r.id}`}
            >
              {t('attendance:correct.action')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="danger"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(targetOf(r))}
              aria-label={t('attendance:remove.open', { name })}
              data-testid={`staff-delete-${r.id}`}
            >
              {t('attendance:remove.action')}
            </Button>
          </Group>
        );
      },
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg" data-testid="staff-records">
      <Text component="h2" fw={600} mb="xs">
        {t('attendance:staffRecords.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('attendance:staffRecords.lead')}
      </Text>
      {error && !data ? (
        <Text c="danger" role="alert">
          {t('attendance:common.loadFailed')}
        </Text>
      ) : (
        <DataTable
          label={t('attendance:staffRecords.title')}
          rows={page?.data ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          loading={fetching}
          server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
          toolbar={
            <TextInput
              type="date"
              size="sm"
              w={170}
              aria-label={t('attendance:staffRecords.day')}
              value={date}
              max={today}
              onChange={(e) => {
                setDate(e.currentTarget.value);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              data-testid="staff-records-date"
            />
          }
        />
      )}
      <CorrectionModal
        target={correcting}
        timeZone={timeZone}
        rooms={rooms}
        save={save}
        onClose={() => setCorrecting(null)}
        onSaved={() => {
          setCorrecting(null);
          refresh();
        }}
      />
      <DeleteRecordModal
        target={deleting}
        onDelete={async (id, reason) => {
          const r = await remove({ id, reason });
          return { error: r.error, notice: r.data?.deleteTeamAttendance };
        }}
        onClose={() => setDeleting(null)}
        onDeleted={refresh}
      />
    </Card>
  );
}
