import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { showNotice } from '../../../lib/notices';
import {
  CreatePtoMutation,
  CreateStaffAbsenceMutation,
  CreateStaffScheduleMutation,
  RemoveStaffScheduleMutation,
  UpdateStaffScheduleMutation,
} from '../api/editing.graphql';
import { WEEK_DAYS } from '../lib/dates';
import { READABLE_ERRORS, splitErrors } from '../lib/form-errors';
import { StaffPicker } from './child-picker';
import { DateRangeFields } from './date-range-fields';

type Errors = { byField: Record<string, string>; general: string | null };
const NONE: Errors = { byField: {}, general: null };
type Notice = { status: boolean; message: string; color: string };

function Shell({ opened, title, onClose, children }: { opened: boolean; title: string; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      styles={{ content: READABLE_ERRORS }}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened ? children : null}
    </Modal>
  );
}

function Footer({
  loading,
  onClose,
  general,
  left,
  testId,
}: {
  loading: boolean;
  onClose(): void;
  general: string | null;
  left?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(['schedules', 'common']);
  return (
    <>
      {general ? <Alert color="danger">{general}</Alert> : null}
      <Group justify="space-between" wrap="wrap">
        {left ?? <span />}
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={loading} data-testid={testId}>
            {t('edit.save')}
          </Button>
        </Group>
      </Group>
    </>
  );
}

export interface StaffScheduleTarget {
  schedule: {
    id: string;
    user_id: string;
    user_name: string;
    program_id?: string | null;
    start_date: string;
    end_date?: string | null;
    start_time: string;
    end_time: string;
    days: readonly string[];
    repeat: string;
    note?: string | null;
  } | null;
}

const SCHEDULE_FIELDS = ['user', 'location', 'program', 'start_date', 'end_date', 'start_time', 'end_time', 'days', 'repeat', 'note'];

/** Add or edit a staff schedule (manager); remove it. */
export function StaffScheduleModal(props: {
  target: StaffScheduleTarget | null;
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  return (
    <Shell
      opened={Boolean(props.target)}
      onClose={props.onClose}
      title={props.target?.schedule ? t('staffEdit.editTitle', { name: props.target.schedule.user_name }) : t('staffEdit.newTitle')}
    >
      <StaffScheduleForm {...props} target={props.target ?? { schedule: null }} />
    </Shell>
  );
}

function StaffScheduleForm({
  target,
  locationId,
  today,
  rooms,
  onClose,
  onSaved,
}: {
  target: StaffScheduleTarget;
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  const s = target.schedule;
  const [user, setUser] = useState<string | null>(s?.user_id ?? null);
  const [program, setProgram] = useState<string | null>(s?.program_id ?? null);
  const [startDate, setStartDate] = useState(s?.start_date ?? today);
  const [endDate, setEndDate] = useState(s?.end_date ?? '');
  const [startTime, setStartTime] = useState(s?.start_time.slice(0, 5) ?? '08:00');
  const [endTime, setEndTime] = useState(s?.end_time.slice(0, 5) ?? '16:00');
  const [days, setDays] = useState<string[]>(s ? [...s.days] : ['mon', 'tue', 'wed', 'thu', 'fri']);
  const [repeat, setRepeat] = useState(s?.repeat ?? 'weekly');
  const [note, setNote] = useState(s?.note ?? '');
  const [errors, setErrors] = useState<Errors>(NONE);
  const [create, createSchedule] = useMutation(CreateStaffScheduleMutation);
  const [update, updateSchedule] = useMutation(UpdateStaffScheduleMutation);
  const [, removeSchedule] = useMutation(RemoveStaffScheduleMutation);
  const done = (n: Notice) => {
    showNotice(n);
    onSaved();
    onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return setErrors({ byField: { user: t('staffEdit.pickStaff') }, general: null });
    const fields = {
      program,
      start_date: startDate,
      end_date: endDate || null,
      start_time: startTime,
      end_time: endTime,
      days,
      repeat,
      note: note || null,
    };
    if (s) {
      const r = await updateSchedule({ id: s.id, ...fields });
      if (r.data) done(r.data.updateStaffSchedule);
      else setErrors(splitErrors(r.error, SCHEDULE_FIELDS));
    } else {
      const r = await createSchedule({ user, location: locationId, ...fields, start_date: startDate });
      if (r.data) done(r.data.createStaffSchedule);
      else setErrors(splitErrors(r.error, SCHEDULE_FIELDS));
    }
  }

  const err = errors.byField;
  return (
    <form onSubmit={submit} data-testid="staff-schedule-form">
      <Stack gap="sm">
        {s ? null : (
          <StaffPicker
            locationId={locationId}
            label={t('columns.staff')}
            value={user}
            onChange={setUser}
            error={err.user}
            testId="staff-schedule-user"
          />
        )}
        <Select
          label={t('filters.room')}
          placeholder={t('filters.allRooms')}
          data={rooms.map((r) => ({ value: r.id, label: r.name }))}
          value={program}
          onChange={setProgram}
          error={err.program}
          clearable
        />
        <DateRangeFields
          start={startDate}
          end={endDate}
          onStart={setStartDate}
          onEnd={setEndDate}
          errors={err}
          labels={{ start: t('edit.startDate'), end: t('edit.endDate') }}
          openEnded={t('edit.openEnded')}
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            type="time"
            label={t('edit.startTime')}
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
            error={err.start_time}
            required
            miw={120}
          />
          <TextInput
            type="time"
            label={t('edit.endTime')}
            value={endTime}
            onChange={(e) => setEndTime(e.currentTarget.value)}
            error={err.end_time}
            required
            miw={120}
          />
        </Group>
        <Checkbox.Group label={t('columns.days')} value={days} onChange={setDays} error={err.days}>
          <Group gap="sm" mt={4} wrap="wrap">
            {WEEK_DAYS.map((d) => (
              <Checkbox key={d} value={d} label={t(`days.${d}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={t('columns.repeat')}
          data={['none', 'weekly', 'biweekly'].map((v) => ({ value: v, label: t(`repeat.${v}`) }))}
          value={repeat}
          onChange={(v) => v && setRepeat(v)}
          error={err.repeat}
          allowDeselect={false}
        />
        <Textarea
          label={t('columns.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={err.note}
          autosize
          minRows={2}
        />
        <Footer
          loading={create.fetching || update.fetching}
          onClose={onClose}
          general={errors.general}
          testId="staff-schedule-save"
          left={
            s ? (
              <Button
                variant="subtle"
                color="danger"
                onClick={() =>
                  confirmDelete(t, t('edit.theSchedule'), async () => {
                    const r = await removeSchedule({ id: s.id });
                    if (r.data) done(r.data.removeStaffSchedule);
                    else setErrors(splitErrors(r.error, SCHEDULE_FIELDS));
                  })
                }
              >
                {t('edit.remove')}
              </Button>
            ) : undefined
          }
        />
      </Stack>
    </form>
  );
}

const PTO_FIELDS = ['user', 'location', 'start_date', 'end_date', 'hours', 'type', 'note'];

/** Request time off: one's own (pending), or a manager for anyone of the location. */
export function PtoModal({
  opened,
  locationId,
  today,
  forAnyone,
  onClose,
  onSaved,
}: {
  opened: boolean;
  locationId: string;
  today: string;
  forAnyone: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  return (
    <Shell opened={opened} onClose={onClose} title={t('pto.newTitle')}>
      <PtoForm locationId={locationId} today={today} forAnyone={forAnyone} onClose={onClose} onSaved={onSaved} />
    </Shell>
  );
}

function PtoForm({
  locationId,
  today,
  forAnyone,
  onClose,
  onSaved,
}: {
  locationId: string;
  today: string;
  forAnyone: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  const [user, setUser] = useState<string | null>(null);
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(today);
  const [hours, setHours] = useState<number | string>(8);
  const [type, setType] = useState('vacation');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>(NONE);
  const [create, createPto] = useMutation(CreatePtoMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = await createPto({
      user: forAnyone ? user : null,
      location: locationId,
      start_date: start,
      end_date: end,
      hours: Number(hours),
      type,
      note: note || null,
    });
    if (!r.data) return setErrors(splitErrors(r.error, PTO_FIELDS));
    showNotice(r.data.createStaffPto);
    onSaved();
    onClose();
  }

  const err = errors.byField;
  return (
    <form onSubmit={submit} data-testid="pto-form">
      <Stack gap="sm">
        {forAnyone ? (
          <StaffPicker
            locationId={locationId}
            label={t('pto.forWhom')}
            value={user}
            onChange={setUser}
            error={err.user}
            testId="pto-user"
            required={false}
          />
        ) : null}
        <DateRangeFields
          start={start}
          end={end}
          onStart={setStart}
          onEnd={setEnd}
          errors={err}
          labels={{ start: t('report.from'), end: t('report.to') }}
          testIds={{ start: 'pto-from', end: 'pto-to' }}
        />
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label={t('columns.hoursOff')}
            value={hours}
            onChange={setHours}
            min={0}
            step={0.5}
            decimalScale={2}
            error={err.hours}
            required
            miw={120}
            data-testid="pto-hours"
          />
          <Select
            label={t('columns.type')}
            data={['vacation', 'sick', 'personal', 'other'].map((v) => ({ value: v, label: t(`ptoTypes.${v}`) }))}
            value={type}
            onChange={(v) => v && setType(v)}
            error={err.type}
            allowDeselect={false}
            miw={150}
          />
        </Group>
        <Textarea
          label={t('columns.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={err.note}
          autosize
          minRows={2}
        />
        <Footer loading={create.fetching} onClose={onClose} general={errors.general} testId="pto-save" />
      </Stack>
    </form>
  );
}

const ABSENCE_FIELDS = ['user', 'location', 'date', 'reason', 'note'];

/** Record a staff member's absence for a day (manager). */
export function StaffAbsenceModal({
  opened,
  locationId,
  today,
  onClose,
  onSaved,
}: {
  opened: boolean;
  locationId: string;
  today: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  return (
    <Shell opened={opened} onClose={onClose} title={t('staffAbsence.newTitle')}>
      <StaffAbsenceForm locationId={locationId} today={today} onClose={onClose} onSaved={onSaved} />
    </Shell>
  );
}

function StaffAbsenceForm({
  locationId,
  today,
  onClose,
  onSaved,
}: {
  locationId: string;
  today: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('schedules');
  const [user, setUser] = useState<string | null>(null);
  const [date, setDate] = useState(today);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>(NONE);
  const [create, createAbsence] = useMutation(CreateStaffAbsenceMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return setErrors({ byField: { user: t('staffEdit.pickStaff') }, general: null });
    const r = await createAbsence({ user, location: locationId, date, reason: reason || null, note: note || null });
    if (!r.data) return setErrors(splitErrors(r.error, ABSENCE_FIELDS));
    showNotice(r.data.createStaffAbsence);
    onSaved();
    onClose();
  }

  const err = errors.byField;
  return (
    <form onSubmit={submit} data-testid="staff-absence-form">
      <Stack gap="sm">
        <StaffPicker
          locationId={locationId}
          label={t('columns.staff')}
          value={user}
          onChange={setUser}
          error={err.user}
          testId="staff-absence-user"
        />
        <TextInput
          type="date"
          label={t('columns.date')}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={err.date}
          required
        />
        <TextInput
          label={t('columns.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={err.reason}
          maxLength={60}
        />
        <Textarea
          label={t('columns.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={err.note}
          autosize
          minRows={2}
        />
        <Footer loading={create.fetching} onClose={onClose} general={errors.general} testId="staff-absence-save" />
      </Stack>
    </form>
  );
}
