import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import type { StudentDetail } from '../api/fragments';
import { CreateStudentMutation, UpdateStudentMutation } from '../api/students.mutation';
import { StudentQuery } from '../api/students.query';
import { StudentForm } from '../forms/student-form';
import { STUDENT_FIELDS, emptyStudent, toStudentVars, type StudentValues } from '../forms/student-form.schema';
import { useFinish } from '../hooks/use-notice-call';

export function studentToValues(s: StudentDetail): StudentValues {
  const v = emptyStudent(s.location_id);
  const str = (x: string | null | undefined) => x ?? '';
  return {
    ...v,
    fname: s.fname,
    lname: s.lname,
    middle_name: str(s.middle_name),
    nick_name: str(s.nick_name),
    dob: str(s.dob),
    gender: str(s.gender),
    race: str(s.race),
    ethnicity: str(s.ethnicity),
    type: s.type === 'lead' || s.type === 'waitlist' ? s.type : 'enrolled',
    status: s.status,
    doctor_name: str(s.doctor_name),
    doctor_phone: str(s.doctor_phone),
    note: str(s.note),
    street_1: str(s.street_1),
    street_2: str(s.street_2),
    city: str(s.city),
    state: str(s.state),
    country: str(s.country),
    zip: str(s.zip),
    enrollment_date: str(s.enrollment_date),
    graduation_date: str(s.graduation_date),
    external_id: str(s.external_id),
    week_schedule: s.week_schedule.filter((d): d is StudentValues['week_schedule'][number] =>
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].includes(d),
    ),
    program_id: str(s.program_id),
    other_rooms: s.other_rooms.map((r) => r.id),
    cameras: s.cameras.map((c) => c.id),
    tags: s.tags.map((x) => x.id),
    allergies: s.allergies.map((x) => x.id),
    medications: s.medications.map((x) => x.id),
    guardians: s.guardians.map((g) => ({
      user_id: g.user_id,
      label: g.user.full_name,
      relation: g.relation ?? '',
      legal_guardian: g.legal_guardian,
      pickup: g.pickup,
      emergency_contact: g.emergency_contact,
      is_payer: g.is_payer,
      watch_camera: g.watch_camera,
      alert: g.alert,
    })),
  };
}

/**
 * Adds a student (checking for a likely duplicate first, spec check_duplicate) or edits one, in a
 * modal. `studentId` null: add.
 */
export function StudentEditor({
  opened,
  studentId,
  locationId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  studentId: string | null;
  locationId?: string;
  onClose(): void;
  onSaved(id: string): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const phone = useMediaQuery('(max-width: 48em)');
  const finish = useFinish();
  const [, create] = useMutation(CreateStudentMutation);
  const [, update] = useMutation(UpdateStudentMutation);
  const [{ data, fetching }] = useQuery({
    query: StudentQuery,
    variables: { id: studentId ?? '' },
    pause: !studentId || !opened,
    requestPolicy: 'network-only',
  });
  const [duplicates, setDuplicates] = useState<{ values: StudentValues; names: string[] } | null>(null);

  async function save(values: StudentValues, setError: Parameters<React.ComponentProps<typeof StudentForm>['onSubmit']>[1], force = false) {
    const vars = toStudentVars(values);
    if (studentId) {
      const r = await update({ id: studentId, ...vars });
      if (finish(r.error, r.data?.updateNewStudent, { setError, fields: STUDENT_FIELDS })) onSaved(studentId);
      return;
    }
    const r = await create({ ...vars, location_id: values.location_id, check_duplicate: !force });
    const payload = r.data?.createNewStudent;
    if (!r.error && payload && !payload.status && payload.duplicates.length > 0) {
      setDuplicates({ values, names: payload.duplicates.map((d) => d.full_name) });
      return;
    }
    if (finish(r.error, payload, { setError, fields: STUDENT_FIELDS }) && payload?.student) {
      setDuplicates(null);
      onSaved(payload.student.id);
    }
  }

  const title = studentId ? t('people:student.editTitle') : t('people:student.addTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="80rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {duplicates ? (
        <Alert color="warning" role="alert" mb="md" title={t('people:student.duplicateTitle')} data-testid="student-duplicates">
          <Stack gap="xs">
            <Text size="sm">{t('people:student.duplicateLead')}</Text>
            <List size="sm">
              {duplicates.names.map((n) => (
                <List.Item key={n}>{n}</List.Item>
              ))}
            </List>
            <Group>
              <Button
                size="xs"
                color="warning"
                onClick={() => void save(duplicates.values, () => undefined, true)}
                data-testid="student-create-anyway"
              >
                {t('people:student.createAnyway')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {studentId && (fetching || !data) ? null : (
        <StudentForm
          key={studentId ?? 'new'}
          initial={studentId && data ? studentToValues(data.student) : emptyStudent(locationId ?? '')}
          submitLabel={studentId ? t('common:actions.save') : t('people:student.addSubmit')}
          onSubmit={(values, setError) => save(values, setError)}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
