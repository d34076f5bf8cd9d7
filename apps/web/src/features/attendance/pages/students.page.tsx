import { Badge, Button, Card, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { IconEdit, IconHistory, IconLogin, IconLogout, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { MarkAbsentMutation, RemoveAbsenceMutation } from '../api/absence.mutation';
import { CheckInSettingsQuery } from '../api/check-in-settings';
import type { CheckInChildData } from '../api/fragments';
import { HealthQuestionnaireQuery } from '../api/health';
import { StudentsDayQuery, type CheckInStatus } from '../api/students-day.query';
import { CorrectAttendanceMutation, CreateAttendanceMutation, DeleteAttendanceMutation } from '../api/correct-attendance.mutation';
import { CorrectionModal, type EditTarget, type RecordTarget, type SaveRecord } from '../components/correction-modal';
import { DeleteRecordModal } from '../components/delete-record-modal';
import { HealthScreenModal } from '../components/health-screen-modal';
import { HistoryModal } from '../components/history-modal';
import { LocationNeeded } from '../components/location-needed';
import { PageHead } from '../components/page-head';
import { StateBadge } from '../components/state-badge';
import { useCheckIn } from '../hooks/use-check-in';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useAttendanceChanged } from '../hooks/use-live';
import { formatHours, formatTimeInZone, todayInZone } from '../lib/formats';

type Filter = 'all' | CheckInStatus;

/**
 * The children of the current location today, by state, checked in and out by staff (spec routes
 * /attendance/students, /teacher/students/check-in-or-out and /student-activity/check-in-or-out).
 * The list follows check-ins made anywhere (kiosk, phones, other staff) live. Another day shows that
 * day's records; managers correct a record's times or room ("Correct"), add one missed at the door,
 * delete one (each with a reason) and read a record's audit trail ("History").
 */
function StudentsCheckIn({ titleKey, leadKey }: { titleKey: string; leadKey: string }) {
  const { t } = useTranslation(['attendance', 'common']);
  const location = useCurrentLocation();
  const [filter, setFilter] = useState<Filter>('all');
  const [room, setRoom] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [screening, setScreening] = useState<CheckInChildData | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<RecordTarget | null>(null);
  const [auditing, setAuditing] = useState<RecordTarget | null>(null);
  const viewer = useViewer();
  const canCorrect = roleAtLeast(viewer.role, 'manager') && viewer.permissions.includes('attendance.manage');
  const vars = {
    location_id: location.id ?? '',
    date,
    status: filter === 'all' ? null : filter,
    program_id: room,
    search: search || null,
    ...paging,
  };
  const [{ data, fetching }, refetch] = useQuery({ query: StudentsDayQuery, variables: vars, pause: !location.id });
  const [settings] = useQuery({ query: CheckInSettingsQuery, variables: { location_id: location.id ?? '' }, pause: !location.id });
  const healthOn = settings.data?.getCheckInSettings.health_screen ?? false;
  const [questions] = useQuery({
    query: HealthQuestionnaireQuery,
    variables: { location_id: location.id ?? '' },
    pause: !location.id || !healthOn,
  });
  const checkIn = useCheckIn();
  const [, markAbsent] = useMutation(MarkAbsentMutation);
  const [, removeAbsence] = useMutation(RemoveAbsenceMutation);
  const [, correctRecord] = useMutation(CorrectAttendanceMutation);
  const [, createRecord] = useMutation(CreateAttendanceMutation);
  const [, deleteRecord] = useMutation(DeleteAttendanceMutation);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  useAttendanceChanged(location.id, refresh);

  const day = data?.getStudentsAfterCheckInLocation;
  const tz = location.timeZone;
  const today = todayInZone(tz);
  // Check-ins and absences are for today; another day is for reading and correcting its records.
  const isToday = !date || date === today;
  const recordOf = (c: CheckInChildData): RecordTarget | null => (c.attendance ? { child: c, record: c.attendance } : null);
  const saveRecord: SaveRecord = async (target, changes) => {
    if (target.record) {
      const r = await correctRecord({ id: target.record.id, ...changes });
      return { error: r.error, notice: r.data?.updateStudentAttendance };
    }
    const r = await createRecord({ student_id: target.child.id, ...changes, start_time: changes.start_time ?? '' });
    return { error: r.error, notice: r.data?.createStudentAttendance };
  };
  const questionList = useMemo(() => questions.data?.getHealthQuestionnaire ?? [], [questions.data]);

  async function toggle(child: CheckInChildData) {
    const action = child.checked_in_out === 'checked_in' ? 'check_out' : 'check_in';
    if (action === 'check_in' && healthOn && questionList.length > 0) {
      setScreening(child);
      return;
    }
    if (await checkIn.run({ students: [child.id], action })) refresh();
  }

  async function absence(child: CheckInChildData) {
    const result = child.absent ? await removeAbsence({ students: [child.id] }) : await markAbsent({ students: [child.id] });
    if (reportMutationError(result.error, t)) return;
    const notice = result.data && ('markStudentsAbsent' in result.data ? result.data.markStudentsAbsent : result.data.removeStudentAbsence);
    if (notice) showNotice(notice);
    refresh();
  }

  const columns: DataTableColumn<CheckInChildData>[] = [
    { key: 'full_name', header: t('attendance:columns.child') },
    { key: 'program.name', header: t('attendance:columns.room') },
    { key: 'checked_in_out', header: t('attendance:columns.state'), render: (c) => <StateBadge state={c.checked_in_out} /> },
    {
      key: 'attendance.start_time',
      header: t('attendance:columns.in'),
      render: (c) => formatTimeInZone(c.attendance?.start_time, tz),
    },
    {
      key: 'attendance.end_time',
      header: t('attendance:columns.out'),
      render: (c) => formatTimeInZone(c.attendance?.end_time, tz),
    },
    { key: 'attendance.hours', header: t('attendance:columns.hours'), render: (c) => formatHours(c.attendance?.hours) },
    { key: 'attendance.checkedin_by.full_name', header: t('attendance:columns.by') },
    {
      key: 'actions',
      header: t('shell:table.actions'),
      sortable: false,
      searchable: false,
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          {!isToday || c.checked_in_out === 'absent' ? null : (
            <Button
              size="sm"
              color={c.checked_in_out === 'checked_in' ? 'gray' : 'primary'}
              leftSection={c.checked_in_out === 'checked_in' ? <IconLogout size={16} aria-hidden /> : <IconLogin size={16} aria-hidden />}
              onClick={() => void toggle(c)}
              disabled={checkIn.busy}
              aria-label={t(c.checked_in_out === 'checked_in' ? 'attendance:actions.checkOutNamed' : 'attendance:actions.checkInNamed', {
                name: c.full_name,
              })}
              data-testid={`toggle-${c.id}`}
            >
              {t(c.checked_in_out === 'checked_in' ? 'attendance:actions.checkOut' : 'attendance:actions.checkIn')}
            </Button>
          )}
          {isToday && (c.checked_in_out === 'not_arrived' || c.checked_in_out === 'absent') ? (
            <Button size="sm" variant="subtle" onClick={() => void absence(c)} data-testid={`absent-${c.id}`}>
              {t(c.absent ? 'attendance:actions.present' : 'attendance:actions.absent')}
            </Button>
          ) : null}
          {canCorrect && !c.attendance && c.checked_in_out !== 'absent' ? (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCorrecting({ child: c, record: null, date: day?.date ?? today })}
              aria-label={t('attendance:correct.addOpen', { name: c.full_name })}
              data-testid={`add-record-${c.id}`}
            >
              {t('attendance:correct.addAction')}
            </Button>
          ) : null}
          {canCorrect && c.attendance ? (
            <>
              <Button
                size="sm"
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => setCorrecting(recordOf(c))}
                aria-label={t('attendance:correct.open', { name: c.full_name })}
                data-testid={`correct-${c.id}`}
              >
                {t('attendance:correct.action')}
              </Button>
              <Button
                size="sm"
                variant="subtle"
                leftSection={<IconHistory size={16} aria-hidden />}
                onClick={() => setAuditing(recordOf(c))}
                aria-label={t('attendance:history.open', { name: c.full_name })}
                data-testid={`history-${c.id}`}
              >
                {t('attendance:history.action')}
              </Button>
              <Button
                size="sm"
                variant="subtle"
                color="danger"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(recordOf(c))}
                aria-label={t('attendance:remove.open', { name: c.full_name })}
                data-testid={`delete-record-${c.id}`}
              >
                {t('attendance:remove.action')}
              </Button>
            </>
          ) : null}
        </Group>
      ),
    },
  ];

  if (!location.id) return <LocationNeeded />;
  return (
    <Stack gap="md">
      <PageHead title={t(titleKey)} lead={t(leadKey, { date: formatDay(day?.date) })} />
      {day ? (
        <Group gap="xs" data-testid="day-counts">
          {(['checked_in', 'not_arrived', 'checked_out', 'absent'] as const).map((k) => (
            <Badge key={k} size="lg" variant="light" color={k === 'checked_in' ? 'success' : k === 'absent' ? 'warning' : 'gray'}>
              {t('attendance:counts.' + k, { count: day.counts[k] })}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t(titleKey)}
          rows={day?.data ?? []}
          columns={columns}
          rowKey={(c) => c.id}
          loading={fetching}
          server={{
            paginatorInfo: day?.paginatorInfo ?? null,
            onPage: setPaging,
            onSearch: (q) => {
              setSearch(q);
              setPaging((p) => ({ ...p, page: 1 }));
            },
          }}
          toolbar={
            <>
              <TextInput
                type="date"
                size="sm"
                w={170}
                aria-label={t('attendance:students.day')}
                value={date ?? day?.date ?? today}
                max={today}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDate(value && value !== today ? value : null);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                data-testid="students-date"
              />
              <SegmentedControl
                size="xs"
                value={filter}
                onChange={(v) => {
                  setFilter(v as Filter);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                data={(['all', 'checked_in', 'not_arrived', 'checked_out', 'absent'] as const).map((k) => ({
                  value: k,
                  label: t(k === 'all' ? 'attendance:states.all' : `attendance:states.${k}`),
                }))}
                aria-label={t('attendance:states.filter')}
              />
              <Select
                size="sm"
                w={180}
                aria-label={t('attendance:reports.room')}
                placeholder={t('attendance:reports.allRooms')}
                data={(location.info?.rooms ?? []).map((r) => ({ value: r.id, label: r.name }))}
                value={room}
                onChange={(v) => {
                  setRoom(v);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                clearable
              />
            </>
          }
        />
      </Card>
      <CorrectionModal
        target={correcting}
        timeZone={tz}
        rooms={location.info?.rooms ?? []}
        save={saveRecord}
        onClose={() => setCorrecting(null)}
        onSaved={() => {
          setCorrecting(null);
          refresh();
        }}
      />
      <DeleteRecordModal
        target={deleting}
        onDelete={async (id, reason) => {
          const r = await deleteRecord({ id, reason });
          return { error: r.error, notice: r.data?.deleteStudentAttendance };
        }}
        onClose={() => setDeleting(null)}
        onDeleted={refresh}
      />
      <HistoryModal target={auditing} timeZone={tz} rooms={location.info?.rooms ?? []} onClose={() => setAuditing(null)} />
      <HealthScreenModal
        child={screening}
        questions={questionList}
        onClose={() => setScreening(null)}
        onDone={(screen) => {
          const child = screening;
          setScreening(null);
          if (child)
            void checkIn.run({ students: [child.id], action: 'check_in', health_screen: screen }).then((r) => {
              if (r) refresh();
            });
        }}
      />
    </Stack>
  );
}

export function AttendanceStudentsPage() {
  return <StudentsCheckIn titleKey="attendance:students.title" leadKey="attendance:students.lead" />;
}

export function TeacherCheckInPage() {
  return <StudentsCheckIn titleKey="attendance:students.teacherTitle" leadKey="attendance:students.lead" />;
}

export function ManagerCheckInPage() {
  return <StudentsCheckIn titleKey="attendance:students.managerTitle" leadKey="attendance:students.lead" />;
}
