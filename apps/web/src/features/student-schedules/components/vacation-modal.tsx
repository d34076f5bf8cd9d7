import { Alert, Button, Chip, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { formatDay } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import { CreateVacationMutation, DeleteVacationMutation, StudentQuery } from '../api/schedules.graphql';
import { EditVacationMutation, RemoveVacationDaysMutation } from '../api/editing.graphql';
import { READABLE_ERRORS, splitErrors } from '../lib/form-errors';
import { ChildPicker } from './child-picker';
import { DateRangeFields } from './date-range-fields';

export interface VacationTarget {
  /** The child: fixed (the child's page, or editing); null → picked in the form (staff). */
  studentId: string | null;
  vacation: {
    id: string;
    start_date: string;
    end_date: string;
    reason?: string | null;
    note?: string | null;
    dates: readonly string[];
  } | null;
  /** A vacation known only by id (the month grid): loaded from the child's overview. */
  vacationId?: string;
}

const FIELDS = ['student', 'start_date', 'end_date', 'reason', 'note', 'dates'] as const;

/** Plan a vacation (one absence per expected day), edit it, take some days off it, or delete it. */
export function VacationModal({
  target,
  locationId,
  today,
  onClose,
  onSaved,
}: {
  target: VacationTarget | null;
  locationId: string | null;
  today: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['schedules', 'common']);
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={target?.vacation ? t('vacations.editTitle') : t('vacations.newTitle')}
      size="lg"
      styles={{ content: READABLE_ERRORS }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target?.vacationId && !target.vacation ? (
        <VacationLoader target={target} locationId={locationId} today={today} onClose={onClose} onSaved={onSaved} />
      ) : target ? (
        <VacationForm
          key={target.vacation?.id ?? 'new'}
          target={target}
          locationId={locationId}
          today={today}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

/** Loads a vacation known by id, then edits it. */
function VacationLoader(props: { target: VacationTarget; locationId: string | null; today: string; onClose(): void; onSaved(): void }) {
  const [{ data, fetching }] = useQuery({
    query: StudentQuery,
    variables: { student: props.target.studentId ?? '' },
    requestPolicy: 'network-only',
    pause: !props.target.studentId,
  });
  const vacation = data?.getStudentSchedules.vacations.find((v) => v.id === props.target.vacationId) ?? null;
  if (fetching || !data) return <Loader size="sm" />;
  if (!vacation) return <Text size="sm">No data available.</Text>;
  return <VacationForm {...props} target={{ studentId: props.target.studentId, vacation }} />;
}

function VacationForm({
  target,
  locationId,
  today,
  onClose,
  onSaved,
}: {
  target: VacationTarget;
  locationId: string | null;
  today: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['schedules', 'common']);
  const v = target.vacation;
  const [student, setStudent] = useState<string | null>(target.studentId);
  const [start, setStart] = useState(v?.start_date ?? today);
  const [end, setEnd] = useState(v?.end_date ?? today);
  const [reason, setReason] = useState(v?.reason ?? '');
  const [note, setNote] = useState(v?.note ?? '');
  const [takeOff, setTakeOff] = useState<string[]>([]);
  const [create, createVacation] = useMutation(CreateVacationMutation);
  const [edit, editVacation] = useMutation(EditVacationMutation);
  const [, removeDays] = useMutation(RemoveVacationDaysMutation);
  const [, deleteVacation] = useMutation(DeleteVacationMutation);
  const [errors, setErrors] = useState<{ byField: Record<string, string>; general: string | null }>({ byField: {}, general: null });

  function done(notice: { status: boolean; message: string; color: string }) {
    showNotice(notice);
    onSaved();
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!student) {
      setErrors({ byField: { student: t('edit.pickChild') }, general: null });
      return;
    }
    const fields = { start_date: start, end_date: end, reason: reason || null, note: note || null };
    if (v) {
      const r = await editVacation({ id: v.id, ...fields });
      if (r.data) done(r.data.editVacation);
      else setErrors(splitErrors(r.error, FIELDS));
    } else {
      const r = await createVacation({ student, ...fields });
      if (r.data) done(r.data.createVacation);
      else setErrors(splitErrors(r.error, FIELDS));
    }
  }

  const err = errors.byField;
  return (
    <form onSubmit={submit} data-testid="vacation-form">
      <Stack gap="sm">
        {target.studentId === null && locationId ? (
          <ChildPicker
            locationId={locationId}
            label={t('columns.child')}
            value={student}
            onChange={setStudent}
            error={err.student}
            testId="vacation-student"
          />
        ) : null}
        <DateRangeFields
          start={start}
          end={end}
          onStart={setStart}
          onEnd={setEnd}
          errors={err}
          labels={{ start: t('report.from'), end: t('report.to') }}
          testIds={{ start: 'vacation-from', end: 'vacation-to' }}
        />
        <TextInput
          label={t('report.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={err.reason}
          maxLength={60}
          data-testid="vacation-reason"
        />
        <Textarea
          label={t('columns.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={err.note}
          autosize
          minRows={2}
        />
        {errors.general ? <Alert color="danger">{errors.general}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.fetching || edit.fetching} data-testid="vacation-save">
            {t('edit.save')}
          </Button>
        </Group>
        {v ? (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('vacations.days')}
            </Text>
            <Chip.Group multiple value={takeOff} onChange={setTakeOff}>
              <Group gap={6} wrap="wrap">
                {v.dates.map((d) => (
                  <Chip key={d} value={d} size="xs">
                    {formatDay(d)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {err.dates ? (
              <Text c="danger" size="sm">
                {err.dates}
              </Text>
            ) : null}
            <Group gap="sm" wrap="wrap">
              <Button
                variant="light"
                disabled={takeOff.length === 0}
                onClick={async () => {
                  const r = await removeDays({ id: v.id, dates: takeOff });
                  if (r.data) done(r.data.removeVacation);
                  else setErrors(splitErrors(r.error, FIELDS));
                }}
              >
                {t('vacations.removeDays', { count: takeOff.length })}
              </Button>
              <Button
                variant="subtle"
                color="danger"
                onClick={() =>
                  confirmDelete(t, t('vacations.theVacation'), async () => {
                    const r = await deleteVacation({ id: v.id });
                    if (r.data) done(r.data.deleteVacation);
                    else setErrors(splitErrors(r.error, FIELDS));
                  })
                }
              >
                {t('vacations.delete')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
