import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { formatDay } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import {
  AddDateMutation,
  CreateScheduleMutation,
  RemoveDateMutation,
  RemoveScheduleMutation,
  ScheduleDatesQuery,
  UpdateScheduleMutation,
} from '../api/editing.graphql';
import { WEEK_DAYS, formatClock } from '../lib/dates';
import { READABLE_ERRORS, splitErrors } from '../lib/form-errors';
import { ChildPicker } from './child-picker';
import { DateRangeFields } from './date-range-fields';

export interface ScheduleTarget {
  /** The child (fixed when editing). */
  student: { id: string; full_name: string } | null;
  schedule: {
    id: string;
    start_date: string;
    end_date?: string | null;
    start_time?: string | null;
    end_time?: string | null;
    type: string;
    days: readonly string[];
    program_id?: string | null;
  } | null;
}

const FIELDS = ['student', 'start_date', 'end_date', 'start_time', 'end_time', 'type', 'days', 'program'] as const;
const TYPES = ['full_time', 'part_time', 'drop_in'] as const;

/** Add or edit a child's schedule (and its extra days); remove it. */
export function StudentScheduleModal({
  target,
  locationId,
  today,
  rooms,
  onClose,
  onSaved,
}: {
  target: ScheduleTarget | null;
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['schedules', 'common']);
  const editing = Boolean(target?.schedule);
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={editing ? t('edit.scheduleTitle', { name: target?.student?.full_name ?? '' }) : t('edit.newSchedule')}
      size="lg"
      styles={{ content: READABLE_ERRORS }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target ? (
        <ScheduleForm
          key={target.schedule?.id ?? 'new'}
          target={target}
          locationId={locationId}
          today={today}
          rooms={rooms}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function ScheduleForm({
  target,
  locationId,
  today,
  rooms,
  onClose,
  onSaved,
}: {
  target: ScheduleTarget;
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['schedules', 'common']);
  const s = target.schedule;
  const [student, setStudent] = useState<string | null>(target.student?.id ?? null);
  const [startDate, setStartDate] = useState(s?.start_date ?? today);
  const [endDate, setEndDate] = useState(s?.end_date ?? '');
  const [startTime, setStartTime] = useState(s?.start_time?.slice(0, 5) ?? '');
  const [endTime, setEndTime] = useState(s?.end_time?.slice(0, 5) ?? '');
  const [type, setType] = useState<string>(s?.type ?? 'full_time');
  const [days, setDays] = useState<string[]>(s ? [...s.days] : ['mon', 'tue', 'wed', 'thu', 'fri']);
  const [program, setProgram] = useState<string | null>(s?.program_id ?? null);
  const [create, createSchedule] = useMutation(CreateScheduleMutation);
  const [update, updateSchedule] = useMutation(UpdateScheduleMutation);
  const [, removeSchedule] = useMutation(RemoveScheduleMutation);
  const [errors, setErrors] = useState<{ byField: Record<string, string>; general: string | null }>({ byField: {}, general: null });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = {
      start_date: startDate,
      end_date: endDate || null,
      start_time: startTime || null,
      end_time: endTime || null,
      type,
      days,
      program,
    };
    if (!s && !student) {
      setErrors({ byField: { student: t('edit.pickChild') }, general: null });
      return;
    }
    const r = s ? await updateSchedule({ id: s.id, ...fields }) : await createSchedule({ student: student!, ...fields });
    const result = r.data ? ('createStudentSchedule' in r.data ? r.data.createStudentSchedule : r.data.updateStudentSchedule) : null;
    if (r.error || !result) {
      setErrors(splitErrors(r.error, FIELDS));
      return;
    }
    showNotice(result);
    onSaved();
    onClose();
  }

  const err = errors.byField;
  return (
    <Stack gap="md">
      <form onSubmit={submit} data-testid="schedule-form">
        <Stack gap="sm">
          {s ? null : (
            <ChildPicker
              locationId={locationId}
              label={t('columns.child')}
              value={student}
              onChange={setStudent}
              error={err.student}
              testId="schedule-student"
            />
          )}
          <DateRangeFields
            start={startDate}
            end={endDate}
            onStart={setStartDate}
            onEnd={setEndDate}
            errors={err}
            labels={{ start: t('edit.startDate'), end: t('edit.endDate') }}
            openEnded={t('edit.openEnded')}
            testIds={{ start: 'schedule-start-date', end: 'schedule-end-date' }}
          />
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              type="time"
              label={t('edit.startTime')}
              value={startTime}
              onChange={(e) => setStartTime(e.currentTarget.value)}
              error={err.start_time}
              miw={120}
              data-testid="schedule-start-time"
            />
            <TextInput
              type="time"
              label={t('edit.endTime')}
              value={endTime}
              onChange={(e) => setEndTime(e.currentTarget.value)}
              error={err.end_time}
              miw={120}
              data-testid="schedule-end-time"
            />
          </Group>
          <Checkbox.Group label={t('columns.days')} value={days} onChange={setDays} error={err.days}>
            <Group gap="sm" mt={4} wrap="wrap">
              {WEEK_DAYS.map((d) => (
                <Checkbox key={d} value={d} label={t(`days.${d}`)} data-testid={`schedule-day-${d}`} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t('columns.type')}
              data={TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
              value={type}
              onChange={(v) => v && setType(v)}
              error={err.type}
              allowDeselect={false}
              miw={150}
              data-testid="schedule-type"
            />
            <Select
              label={t('filters.room')}
              placeholder={t('edit.homeroom')}
              data={rooms.map((r) => ({ value: r.id, label: r.name }))}
              value={program}
              onChange={setProgram}
              error={err.program}
              clearable
              miw={150}
            />
          </Group>
          {errors.general ? <Alert color="danger">{errors.general}</Alert> : null}
          <Group justify="space-between" wrap="wrap">
            {s ? (
              <Button
                variant="subtle"
                color="danger"
                onClick={() =>
                  confirmDelete(t, t('edit.theSchedule'), async () => {
                    const r = await removeSchedule({ id: s.id });
                    if (r.data) {
                      showNotice(r.data.removeStudentSchedule);
                      onSaved();
                      onClose();
                    } else setErrors(splitErrors(r.error, FIELDS));
                  })
                }
              >
                {t('edit.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={create.fetching || update.fetching} data-testid="schedule-save">
                {t('edit.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {s && target.student ? <ExtraDays studentId={target.student.id} scheduleId={s.id} /> : null}
    </Stack>
  );
}

/** The schedule's extra expected days: add or remove one. */
function ExtraDays({ studentId, scheduleId }: { studentId: string; scheduleId: string }) {
  const { t } = useTranslation('schedules');
  const [{ data }, refetch] = useQuery({
    query: ScheduleDatesQuery,
    variables: { student: studentId },
    requestPolicy: 'cache-and-network',
  });
  const [add, addDate] = useMutation(AddDateMutation);
  const [, removeDate] = useMutation(RemoveDateMutation);
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [errors, setErrors] = useState<{ byField: Record<string, string>; general: string | null }>({ byField: {}, general: null });
  const dates = data?.getStudentSchedules.schedules.find((x) => x.id === scheduleId)?.dates ?? [];
  const fields = ['date', 'start_time', 'end_time'];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = await addDate({ schedule: scheduleId, date, start_time: startTime || null, end_time: endTime || null });
    if (!r.data) {
      setErrors(splitErrors(r.error, fields));
      return;
    }
    setErrors({ byField: {}, general: null });
    showNotice(r.data.addScheduleDate);
    setDate('');
    refetch({ requestPolicy: 'network-only' });
  }

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('edit.extraDays')}
      </Text>
      {dates.length === 0 ? <Text size="sm">No data available.</Text> : null}
      {dates.map((d) => (
        <Group key={d.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {formatDay(d.date)}
            {d.start_time ? ` · ${formatClock(d.start_time)}–${formatClock(d.end_time)}` : ''}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            color="danger"
            onClick={async () => {
              const r = await removeDate({ id: d.id });
              if (r.data) showNotice(r.data.removeScheduleDate);
              refetch({ requestPolicy: 'network-only' });
            }}
          >
            {t('edit.remove')}
          </Button>
        </Group>
      ))}
      <form onSubmit={submit}>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            type="date"
            label={t('columns.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.byField.date}
            required
          />
          <TextInput
            type="time"
            label={t('edit.startTime')}
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
            error={errors.byField.start_time}
          />
          <TextInput
            type="time"
            label={t('edit.endTime')}
            value={endTime}
            onChange={(e) => setEndTime(e.currentTarget.value)}
            error={errors.byField.end_time}
          />
          <Button type="submit" variant="light" loading={add.fetching}>
            {t('edit.addDay')}
          </Button>
        </Group>
      </form>
      {errors.general ? <Alert color="danger">{errors.general}</Alert> : null}
    </Stack>
  );
}
