import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { SchedulesMonthQuery } from '../../../graphql/generated/tenant-api';
import { formatDay } from '../../../lib/format';
import { MonthQuery } from '../api/schedules.graphql';
import { useScheduleRights } from '../lib/can-edit';
import { WEEK_DAYS, addDays, formatClock, mondayOf } from '../lib/dates';
import { StudentScheduleModal, type ScheduleTarget } from './student-schedule-modal';
import { VacationModal, type VacationTarget } from './vacation-modal';

type Row = SchedulesMonthQuery['getMonthlyScheduleList']['data'][number];

interface Props {
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
}

function useMonth(locationId: string, program: string | null, month: string, page: { page: number; first: number }, pause = false) {
  return useQuery({
    query: MonthQuery,
    variables: { location: locationId, program, month, ...page },
    requestPolicy: 'cache-and-network',
    pause,
  });
}

function RoomFilter({ rooms, value, onChange }: { rooms: Props['rooms']; value: string | null; onChange(v: string | null): void }) {
  const { t } = useTranslation('schedules');
  return (
    <Select
      label={t('filters.room')}
      placeholder={t('filters.allRooms')}
      data={rooms.map((r) => ({ value: r.id, label: r.name }))}
      value={value}
      onChange={onChange}
      clearable
      w={220}
    />
  );
}

/** The days of a schedule as words ("Mon, Wed, Fri") and its times; staff who may edit open one to change it. */
function ScheduleText({ row, onEdit }: { row: Row; onEdit?: (target: ScheduleTarget) => void }) {
  const { t } = useTranslation('schedules');
  if (!row.schedules.length) return <Text size="sm">{t('noSchedule')}</Text>;
  return (
    <Stack gap={2}>
      {row.schedules.map((s) => {
        const text = (
          <Text size="sm" td={onEdit ? 'underline' : undefined}>
            {s.days.map((d) => t(`days.${d}`)).join(', ') || t(`types.${s.type}`)}
            {s.start_time ? ` · ${formatClock(s.start_time)}–${formatClock(s.end_time)}` : ''}
            {` · ${formatDay(s.start_date)}${s.end_date ? ` – ${formatDay(s.end_date)}` : ''}`}
          </Text>
        );
        return onEdit ? (
          <UnstyledButton
            key={s.id}
            onClick={() => onEdit({ student: { id: row.student_id, full_name: row.full_name }, schedule: s })}
            aria-label={t('edit.scheduleTitle', { name: row.full_name })}
            data-testid="schedule-edit"
          >
            {text}
          </UnstyledButton>
        ) : (
          <div key={s.id}>{text}</div>
        );
      })}
    </Stack>
  );
}

/** "Add a schedule" and "Plan a vacation" for staff who may, with their forms. */
function useChildEditing({ locationId, today, rooms }: Props, reload: () => void) {
  const { t } = useTranslation('schedules');
  const rights = useScheduleRights();
  const [schedule, setSchedule] = useState<ScheduleTarget | null>(null);
  const [vacation, setVacation] = useState<VacationTarget | null>(null);
  const buttons = rights.children ? (
    <>
      <Button onClick={() => setSchedule({ student: null, schedule: null })} data-testid="schedule-add">
        {t('edit.newSchedule')}
      </Button>
      <Button variant="light" onClick={() => setVacation({ studentId: null, vacation: null })} data-testid="vacation-add">
        {t('vacations.newTitle')}
      </Button>
    </>
  ) : null;
  const modals = rights.children ? (
    <>
      <StudentScheduleModal
        target={schedule}
        locationId={locationId}
        today={today}
        rooms={rooms}
        onClose={() => setSchedule(null)}
        onSaved={reload}
      />
      <VacationModal target={vacation} locationId={locationId} today={today} onClose={() => setVacation(null)} onSaved={reload} />
    </>
  ) : null;
  return { can: rights.children, buttons, modals, editSchedule: setSchedule, editVacation: setVacation };
}

/** Month view: per child, the schedule, the expected days and the absences and vacations of the month. */
export function MonthTab({ locationId, today, rooms }: Props) {
  const { t } = useTranslation('schedules');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [program, setProgram] = useState<string | null>(null);
  const [page, setPage] = useState({ page: 1, first: 25 });
  const [{ data, fetching, error }, refetch] = useMonth(locationId, program, month, page);
  const editing = useChildEditing({ locationId, today, rooms }, () => refetch({ requestPolicy: 'network-only' }));
  const { can, editSchedule, editVacation } = editing;
  const list = data?.getMonthlyScheduleList;
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'full_name', header: t('columns.child') },
      { key: 'schedules', header: t('columns.schedule'), render: (r) => <ScheduleText row={r} onEdit={can ? editSchedule : undefined} /> },
      { key: 'expected', header: t('columns.expected'), value: (r) => r.expected_dates.length, render: (r) => r.expected_dates.length },
      {
        key: 'absences',
        header: t('columns.absences'),
        render: (r) => (
          <Group gap={4}>
            {r.absences.map((a) => {
              const vacationId = a.vacation_id;
              return (
                <Badge
                  key={a.date}
                  variant="light"
                  color={vacationId ? 'blue' : 'gray'}
                  title={a.reason ?? undefined}
                  {...(can && vacationId
                    ? {
                        component: 'button' as const,
                        style: { cursor: 'pointer' },
                        onClick: () => editVacation({ studentId: r.student_id, vacation: null, vacationId }),
                      }
                    : {})}
                >
                  {formatDay(a.date)}
                  {vacationId ? ` · ${t('vacation')}` : ''}
                </Badge>
              );
            })}
          </Group>
        ),
      },
    ],
    [t, can, editSchedule, editVacation],
  );
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="month"
          label={t('filters.month')}
          value={month}
          onChange={(e) => e.currentTarget.value && setMonth(e.currentTarget.value)}
        />
        <RoomFilter rooms={rooms} value={program} onChange={setProgram} />
        {editing.buttons}
      </Group>
      {editing.modals}
      {error ? <Alert color="danger">{error.graphQLErrors[0]?.message ?? error.message}</Alert> : null}
      <DataTable
        label={t('tabs.month')}
        rows={list?.data ?? []}
        columns={columns}
        rowKey={(r) => r.student_id}
        loading={fetching}
        server={{ paginatorInfo: list?.paginatorInfo ?? null, onPage: setPage }}
      />
    </Stack>
  );
}

/** Week view: children by day, expected (with arrival), absent or on vacation. */
export function WeekTab({ locationId, today, rooms }: Props) {
  const { t } = useTranslation('schedules');
  const [monday, setMonday] = useState(mondayOf(today));
  const [program, setProgram] = useState<string | null>(null);
  const [page, setPage] = useState({ page: 1, first: 25 });
  const days = WEEK_DAYS.map((_, i) => addDays(monday, i));
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const [first, refetchFirst] = useMonth(locationId, program, months[0]!, page);
  const [second, refetchSecond] = useMonth(locationId, program, months[1] ?? months[0]!, page, months.length < 2);
  const editing = useChildEditing({ locationId, today, rooms }, () => {
    refetchFirst({ requestPolicy: 'network-only' });
    if (months.length > 1) refetchSecond({ requestPolicy: 'network-only' });
  });
  const rows = first.data?.getMonthlyScheduleList.data ?? [];
  const other = new Map((months.length > 1 ? (second.data?.getMonthlyScheduleList.data ?? []) : []).map((r) => [r.student_id, r]));
  const cell = (r: Row, d: string) => {
    const src = d.slice(0, 7) === months[0] ? r : (other.get(r.student_id) ?? r);
    const absence = src.absences.find((a) => a.date === d);
    if (absence) return <Badge color={absence.vacation_id ? 'blue' : 'gray'}>{absence.vacation_id ? t('vacation') : t('absent')}</Badge>;
    if (!src.expected_dates.includes(d)) return null;
    const s = src.schedules.find((x) => x.start_date <= d && (!x.end_date || x.end_date >= d));
    return (
      <Text size="sm" fw={500}>
        {s?.start_time ? formatClock(s.start_time) : t('expected')}
      </Text>
    );
  };
  const list = first.data?.getMonthlyScheduleList;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label={t('filters.week')}
          value={monday}
          onChange={(e) => e.currentTarget.value && setMonday(mondayOf(e.currentTarget.value))}
        />
        <RoomFilter rooms={rooms} value={program} onChange={setProgram} />
        {editing.buttons}
      </Group>
      {editing.modals}
      {rows.length === 0 && !first.fetching ? (
        <Text>No data available.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('tabs.week')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.child')}</Table.Th>
                {days.map((d, i) => (
                  <Table.Th key={d}>
                    {t(`days.${WEEK_DAYS[i]}`)} {formatDay(d).slice(0, 5)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.student_id}>
                  <Table.Td>{r.full_name}</Table.Td>
                  {days.map((d) => (
                    <Table.Td key={d}>{cell(r, d)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list && list.paginatorInfo.lastPage > 1 ? (
        <Group gap="xs">
          {Array.from({ length: list.paginatorInfo.lastPage }, (_, i) => (
            <Badge
              key={i}
              component="button"
              variant={i + 1 === page.page ? 'filled' : 'light'}
              onClick={() => setPage({ page: i + 1, first: page.first })}
              style={{ cursor: 'pointer' }}
            >
              {i + 1}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
