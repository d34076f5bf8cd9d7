import { Alert, Anchor, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconMailPlus, IconPencil } from '@tabler/icons-react';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import type { GuardianData, NamedRef } from '../api/fragments';
import {
  BlackListMutation,
  RemoveGuardianMutation,
  ToggleAlertMutation,
  ToggleWatchCameraMutation,
  UpdateIsPayerMutation,
  UpdatePickupMutation,
} from '../api/students.mutation';
import { StudentAccessQuery, StudentQuery } from '../api/students.query';
import { InviteContact } from '../components/invite-contact';
import { PageHead } from '../components/page-head';
import { ParentContactForm } from '../components/parent-contact-form';
import { ParentStudentForm } from '../components/parent-student-form';
import { SiblingsCard } from '../components/siblings-card';
import { DateText, StatusBadge } from '../components/people-format';
import { LazyStudentEditor } from '../components/student-editor-lazy';
import { StudentPhoto } from '../components/student-photo';
import { StudentQrCode } from '../components/student-qr-code';
import { useFinish } from '../hooks/use-notice-call';
import { usePeoplePanels } from '../hooks/use-people-panels';
import { usePeoplePaths } from '../hooks/use-people-paths';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children || '—'}
      </Text>
    </div>
  );
}

function Names({ items }: { items: NamedRef[] }) {
  if (items.length === 0) return null;
  return (
    <Group gap={4} component="span">
      {items.map((i) => (
        <Badge key={i.id} variant="light" size="sm">
          {i.name}
        </Badge>
      ))}
    </Group>
  );
}

type Flag = 'pickup' | 'is_payer' | 'alert' | 'watch_camera' | 'black_list';

/** /user/student/:studentId, /teacher/student/:userId, /pet/:userId, /staff/pet/:userId: one child (pet). */
export function StudentProfilePage() {
  const { t } = useTranslation(['people', 'common']);
  const params = useParams();
  const id = params.studentId ?? params.userId ?? '';
  const links = usePeoplePaths();
  const { studentMedia: StudentMedia, studentActivities: StudentActivities, studentSchedule: StudentSchedule, studentImmunizations: StudentImmunizations } = usePeoplePanels();
  const finish = useFinish();
  const [{ data: access, error: accessError }] = useQuery({ query: StudentAccessQuery, variables: { id } });
  const allowed = access?.checkStudentProfilePermission.permission ?? null;
  const [{ data, error }, refetch] = useQuery({ query: StudentQuery, variables: { id }, pause: allowed !== true });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);

  const [, pickup] = useMutation(UpdatePickupMutation);
  const [, payer] = useMutation(UpdateIsPayerMutation);
  const [, alert] = useMutation(ToggleAlertMutation);
  const [, watch] = useMutation(ToggleWatchCameraMutation);
  const [, blackList] = useMutation(BlackListMutation);
  const [, removeGuardian] = useMutation(RemoveGuardianMutation);

  const student = data?.student;

  async function toggle(g: GuardianData, flag: Flag, value: boolean) {
    const base = { student_id: g.student_id, user_id: g.user_id };
    let ok = false;
    if (flag === 'pickup') {
      const r = await pickup({ ...base, pickup: value });
      ok = finish(r.error, r.data?.updatePickup);
    } else if (flag === 'is_payer') {
      const r = await payer({ ...base, is_payer: value });
      ok = finish(r.error, r.data?.updateIsPayer);
    } else if (flag === 'alert') {
      const r = await alert({ ...base, alert: value });
      ok = finish(r.error, r.data?.toggleUserAlert);
    } else if (flag === 'watch_camera') {
      const r = await watch({ ...base, watch_camera: value });
      ok = finish(r.error, r.data?.toggleWatchCamera);
    } else {
      const r = await blackList({ ...base, black_list: value });
      ok = finish(r.error, r.data?.blackListUser);
    }
    if (ok) reload();
  }

  const columns = useMemo<DataTableColumn<GuardianData>[]>(() => {
    const flags: Flag[] = ['pickup', 'is_payer', 'alert', 'watch_camera', 'black_list'];
    return [
      {
        key: 'user.full_name',
        header: t('people:person.name'),
        render: (g) =>
          links.manager ? (
            <Anchor component={Link} to={links.contact(g.user_id)}>
              {g.user.full_name}
            </Anchor>
          ) : (
            g.user.full_name
          ),
      },
      { key: 'relation', header: t('people:student.relation') },
      { key: 'user.email', header: t('people:person.email'), render: (g) => <EmailText value={g.user.email} /> },
      { key: 'user.phone', header: t('people:person.phone'), render: (g) => <PhoneText value={g.user.phone} /> },
      {
        key: 'legal_guardian',
        header: t('people:pivot.legal_guardian'),
        render: (g) => (g.legal_guardian ? t('people:yes') : t('people:no')),
      },
      ...flags.map<DataTableColumn<GuardianData>>((flag) => ({
        key: flag,
        header: t(`people:pivot.${flag}`),
        searchable: false,
        render: (g) =>
          links.manager ? (
            <Switch
              checked={g[flag]}
              aria-label={t('people:pivot.toggle', { flag: t(`people:pivot.${flag}`), name: g.user.full_name })}
              onChange={(e) => void toggle(g, flag, e.currentTarget.checked)}
              disabled={flag !== 'black_list' && g.black_list && (flag === 'pickup' || flag === 'watch_camera')}
            />
          ) : g[flag] ? (
            t('people:yes')
          ) : (
            t('people:no')
          ),
      })),
      ...(links.manager
        ? [
            {
              key: 'actions',
              header: t('shell:table.actions'),
              sortable: false,
              searchable: false,
              render: (g: GuardianData) => (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="danger"
                  onClick={() =>
                    confirmDelete(t, g.user.full_name, async () => {
                      const r = await removeGuardian({ student_id: g.student_id, user_id: g.user_id });
                      if (finish(r.error, r.data?.removeGuardian)) reload();
                    })
                  }
                >
                  {t('people:profile.removeContact')}
                </Button>
              ),
            } satisfies DataTableColumn<GuardianData>,
          ]
        : []),
    ];
  }, [t, links]);

  if (allowed === false || error || accessError) {
    return (
      <Alert color="danger" role="alert" data-testid="student-not-found">
        {t('people:profile.notAvailable')}
      </Alert>
    );
  }
  if (!student) return null;

  const edit = access?.getStudentEditPermissions;
  // Photo consent: a legal guardian of the child, or a manager recording the family's paper form.
  const consentBy = links.staff
    ? links.manager && links.viewer.permissions.includes('students.edit')
      ? 'paper_form'
      : null
    : student.guardians.some((g) => g.user_id === links.viewer.user?.id && g.legal_guardian)
      ? 'guardian'
      : null;
  const mayChangePhoto = links.staff
    ? links.viewer.permissions.includes('students.edit')
    : Boolean(edit?.can_edit_student && edit.can_edit_fields.includes('image'));
  return (
    <Stack gap="md" data-testid="student-profile">
      <PageHead
        title={student.full_name}
        lead={[student.location?.name, student.program?.name].filter(Boolean).join(' · ')}
        actions={
          links.manager ? (
            <>
              <Button
                variant="light"
                leftSection={<IconMailPlus size={16} aria-hidden />}
                onClick={() => setInviting(true)}
                data-testid="invite-parent"
              >
                {t('people:profile.inviteParent')}
              </Button>
              {links.viewer.permissions.includes('students.edit') ? <StudentQrCode student={student} /> : null}
              <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)} data-testid="edit-student">
                {t('people:students.edit')}
              </Button>
            </>
          ) : null
        }
      />
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('people:profile.details')}
          </Title>
          <StatusBadge active={student.status} />
        </Group>
        <Box mb="md">
          <StudentPhoto studentId={student.id} name={student.full_name} photo={student.photo} canUpload={mayChangePhoto} onSaved={reload} />
        </Box>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <Detail label={t('people:student.dob')}>
            <DateText value={student.dob} />
          </Detail>
          <Detail label={t('people:student.age')}>{student.age}</Detail>
          <Detail label={t('people:student.gender')}>
            {student.gender ? t(`people:genders.${student.gender}`, { defaultValue: student.gender }) : ''}
          </Detail>
          <Detail label={t('people:student.type')}>
            {t(`people:types.${student.type ?? 'enrolled'}`, { defaultValue: student.type ?? '' })}
          </Detail>
          <Detail label={t('people:student.location')}>{student.location?.name}</Detail>
          <Detail label={t('people:student.homeroom')}>{student.program?.name}</Detail>
          <Detail label={t('people:student.otherRooms')}>
            <Names items={student.other_rooms} />
          </Detail>
          <Detail label={t('people:student.weekSchedule')}>
            {student.week_schedule.map((d) => t(`people:days.${d}`, { defaultValue: d })).join(', ')}
          </Detail>
          <Detail label={t('people:student.enrollmentDate')}>
            <DateText value={student.enrollment_date} />
          </Detail>
          <Detail label={t('people:student.graduationDate')}>
            <DateText value={student.graduation_date} />
          </Detail>
          <Detail label={t('people:student.allergies')}>
            <span data-testid="student-allergy-list">
              <Names items={student.allergies} />
            </span>
          </Detail>
          <Detail label={t('people:student.medications')}>
            <Names items={student.medications} />
          </Detail>
          <Detail label={t('people:student.tags')}>
            <Names items={student.tags} />
          </Detail>
          <Detail label={t('people:student.doctorName')}>{student.doctor_name}</Detail>
          <Detail label={t('people:student.doctorPhone')}>
            <PhoneText value={student.doctor_phone} />
          </Detail>
          <Detail label={t('people:student.address')}>
            {[student.street_1, student.street_2, student.city, student.state, student.zip, student.country].filter(Boolean).join(', ')}
          </Detail>
          <Detail label={t('people:student.note')}>{student.note}</Detail>
        </SimpleGrid>
      </Card>
      {StudentMedia ? (
        <Suspense fallback={null}>
          <StudentMedia studentId={student.id} consentBy={consentBy} />
        </Suspense>
      ) : null}
      {StudentActivities ? (
        <Suspense fallback={null}>
          <StudentActivities studentId={student.id} />
        </Suspense>
      ) : null}
      {StudentSchedule ? (
        <Suspense fallback={null}>
          <StudentSchedule studentId={student.id} />
        </Suspense>
      ) : null}
      {StudentImmunizations ? (
        <Suspense fallback={null}>
          <StudentImmunizations studentId={student.id} />
        </Suspense>
      ) : null}
      <SiblingsCard studentId={student.id} siblings={student.siblings} editable={links.manager} onSaved={reload} />
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('people:profile.contacts')}
        </Title>
        <DataTable label={t('people:profile.contacts')} rows={student.guardians} columns={columns} rowKey={(g) => g.user_id} />
      </Card>
      {!links.staff && edit?.can_edit_student ? (
        <>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('people:profile.editOwn')}
            </Title>
            <ParentStudentForm student={student} fields={edit.can_edit_fields} onSaved={reload} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('people:profile.addContact')}
            </Title>
            <ParentContactForm studentId={student.id} onSaved={reload} />
          </Card>
        </>
      ) : null}
      {editing ? (
        <LazyStudentEditor
          opened
          studentId={student.id}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
      <InviteContact
        opened={inviting}
        student={student}
        onClose={() => setInviting(false)}
        onSaved={() => {
          setInviting(false);
          reload();
        }}
      />
    </Stack>
  );
}
