import { Alert, Anchor, Badge, Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import { formatDateTime } from '../../../lib/format';
import type { UserDetail } from '../api/fragments';
import {
  RaiseTodayLimitMutation,
  UpdateCameraLoginsMutation,
  UpdatePersonMutation,
  UpdateUserStatusMutation,
} from '../api/people.mutation';
import { PersonForm } from '../forms/person-form';
import { PERSON_FIELDS } from '../forms/person-form.schema';
import { LoginHistoryQuery, PersonQuery, TeamMemberQuery, type LoginEntry } from '../api/people.query';
import { CheckInPinCard } from '../components/check-in-pin-card';
import { PageHead } from '../components/page-head';
import { PersonLabelsCard } from '../components/person-labels-card';
import { SetPassword } from '../components/set-password';
import { TransferPeople } from '../components/transfer-person';
import { StatusBadge } from '../components/people-format';
import { useFinish } from '../hooks/use-notice-call';
import { usePaged } from '../hooks/use-paged';
import { usePeoplePaths } from '../hooks/use-people-paths';
import { mayIssuePin } from '../lib/pin-access';

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

function CameraLogins({ user, onSaved }: { user: UserDetail; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const setting = user.setting;
  const [limit, setLimit] = useState<number | ''>(setting?.max_daily_camera_logins ?? '');
  const [, update] = useMutation(UpdateCameraLoginsMutation);
  const [, raise] = useMutation(RaiseTodayLimitMutation);
  if (!setting) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('people:profile.cameraLogins')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          {setting.daily_camera_login_limit === null
            ? t('people:profile.noLimit')
            : t('people:profile.todayLimit', { limit: setting.daily_camera_login_limit, extra: setting.extra_camera_logins_today })}
        </Text>
        <Group align="flex-end">
          <NumberInput
            label={t('people:profile.maxDailyLogins')}
            description={t('people:profile.maxDailyLoginsHint', { limit: setting.location_max_daily_logins ?? '—' })}
            value={limit}
            min={0}
            max={1000}
            allowDecimal={false}
            onChange={(v) => setLimit(typeof v === 'number' ? v : '')}
            w={260}
          />
          <Button
            onClick={async () => {
              const r = await update({ user_id: user.id, max_daily_camera_logins: limit === '' ? null : limit });
              if (finish(r.error, r.data?.updateUserCameraLogins)) onSaved();
            }}
          >
            {t('common:actions.save')}
          </Button>
          <Button
            variant="light"
            onClick={async () => {
              const r = await raise({ user_id: user.id });
              if (finish(r.error, r.data?.raiseTodayCameraLimit)) onSaved();
            }}
            data-testid="raise-today-limit"
          >
            {t('people:profile.raiseToday')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LoginHistory({ userId }: { userId: string }) {
  const { t } = useTranslation(['people', 'common']);
  const paged = usePaged();
  const [{ data, fetching }] = useQuery({
    query: LoginHistoryQuery,
    variables: { user_id: userId, page: paged.vars.page, first: paged.vars.first },
  });
  const columns = useMemo<DataTableColumn<LoginEntry>[]>(
    () => [
      { key: 'created_at', header: t('people:profile.when'), render: (e) => formatDateTime(e.created_at) },
      {
        key: 'success',
        header: t('people:profile.result'),
        render: (e) => (e.success ? t('people:profile.success') : (e.reason ?? t('people:profile.failed'))),
      },
      { key: 'device', header: t('people:profile.device') },
      { key: 'ip', header: t('people:profile.ip') },
    ],
    [t],
  );
  const page = data?.getUserLoginHistory;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('people:profile.loginHistory')}
      </Title>
      <DataTable
        label={t('people:profile.loginHistory')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(e) => e.id}
        loading={fetching}
        server={{ ...paged.server(page?.paginatorInfo), onSearch: undefined }}
      />
    </Card>
  );
}

function PersonProfile({ user, onChanged }: { user: UserDetail; onChanged(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const links = usePeoplePaths();
  const finish = useFinish();
  const [, setStatus] = useMutation(UpdateUserStatusMutation);
  const [, update] = useMutation(UpdatePersonMutation);
  const [editing, setEditing] = useState(false);
  const contact = user.roles.every((r) => r.name === 'user');
  const role = user.roles[0]?.name;
  // The API's gate: contacts need users.edit, staff team.edit, an owner's password owners only.
  const viewer = links.viewer;
  const canEdit =
    links.manager && viewer.permissions.includes(contact ? 'users.edit' : 'team.edit') && (role !== 'center' || viewer.role === 'center');
  const self = viewer.user?.id === user.id;
  const pinCard =
    self ||
    mayIssuePin(
      viewer,
      user.roles.map((r) => r.name),
    ) ? (
      <CheckInPinCard key={user.id} userId={self ? undefined : user.id} name={user.full_name} />
    ) : null;
  return (
    <Stack gap="md" data-testid="person-profile">
      <PageHead
        title={user.full_name}
        lead={user.roles.map((r) => r.display_name).join(', ')}
        actions={
          <>
            <Button
              variant="light"
              onClick={async () => {
                const r = await setStatus({ id: user.id, status: !user.status });
                if (finish(r.error, r.data?.updateUserStatus)) onChanged();
              }}
            >
              {user.status ? t('people:people.deactivate') : t('people:people.activate')}
            </Button>
            {canEdit && !self ? <SetPassword person={{ id: user.id, full_name: user.full_name, role: role ?? 'user' }} /> : null}
            {canEdit ? <TransferPeople ids={[user.id]} current={user.locations} onDone={onChanged} /> : null}
            <Button onClick={() => setEditing(true)} data-testid="edit-person">
              {t('people:students.edit')}
            </Button>
          </>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('people:profile.details')}
          </Title>
          <Group gap={4}>
            <StatusBadge active={user.status} />
            {user.pending ? <Badge variant="outline">{t('people:status.pending')}</Badge> : null}
            {user.invited ? <Badge variant="outline">{t('people:status.invited')}</Badge> : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <Detail label={t('people:person.username')}>{user.username}</Detail>
          <Detail label={t('people:person.email')}>
            <EmailText value={user.email} />
          </Detail>
          <Detail label={t('people:person.phone')}>
            <PhoneText value={user.phone} />
          </Detail>
          <Detail label={t('people:person.phone2')}>
            <PhoneText value={user.phone2} />
          </Detail>
          <Detail label={t('people:person.jobTitle')}>{user.job_title}</Detail>
          <Detail label={t('people:person.locations')}>{user.locations.map((l) => l.name).join(', ')}</Detail>
          {user.programs.length ? <Detail label={t('people:person.programs')}>{user.programs.map((p) => p.name).join(', ')}</Detail> : null}
          <Detail label={t('people:person.lastLogin')}>{formatDateTime(user.last_login_time)}</Detail>
          <Detail label={t('people:person.updatedAt')}>{formatDateTime(user.updated_at)}</Detail>
          <Detail label={t('people:person.updatedBy')}>{user.last_updated_by}</Detail>
        </SimpleGrid>
      </Card>
      {contact ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('people:profile.children')}
          </Title>
          {user.students.length === 0 ? (
            <Text c="dimmed">{t('shell:table.empty')}</Text>
          ) : (
            <Stack gap={4}>
              {user.students.map((s) => (
                <Group key={s.id} gap="xs">
                  <Anchor component={Link} to={links.student(s.id)}>
                    {s.full_name}
                  </Anchor>
                  {s.pivot?.relation ? (
                    <Text size="sm" c="dimmed">
                      {s.pivot.relation}
                    </Text>
                  ) : null}
                  {s.pivot?.black_list ? <Badge color="danger">{t('people:pivot.black_list')}</Badge> : null}
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      ) : null}
      <PersonLabelsCard key={labelKey(user)} person={user} canEdit={canEdit} onSaved={onChanged} />
      {contact ? <CameraLogins key={JSON.stringify(user.setting)} user={user} onSaved={onChanged} /> : null}
      {pinCard}
      <LoginHistory userId={user.id} />
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        size="lg"
        title={t('people:profile.editPerson')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {editing ? (
          <PersonForm
            kind={contact ? 'contact' : role === 'teacher' ? 'teacher' : role === 'manager' ? 'manager' : 'admin'}
            editing
            initial={{
              fname: user.fname,
              lname: user.lname,
              username: user.username,
              email: user.email ?? '',
              phone: user.phone ?? '',
              locations: user.locations.map((l) => l.id),
              programs: user.programs.map((p) => p.id),
              job_title: user.job_title ?? '',
              relation: '',
              email_confirmed: user.email_confirmed,
              send_invite: false,
              send_sms: false,
            }}
            submitLabel={t('common:actions.save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (v, setError) => {
              const r = await update({
                id: user.id,
                fname: v.fname,
                lname: v.lname,
                username: v.username,
                email: v.email,
                phone: v.phone || null,
                job_title: contact ? undefined : v.job_title || null,
                locations: v.locations,
                programs: role === 'teacher' ? v.programs : undefined,
              });
              if (finish(r.error, r.data?.updateInviteUser, { setError, fields: PERSON_FIELDS })) {
                setEditing(false);
                onChanged();
              }
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

const labelKey = (u: UserDetail) => [u.tags, u.allergies, u.medications].map((l) => l.map((x) => x.id).join(',')).join('|');

function NotAvailable() {
  const { t } = useTranslation('people');
  return (
    <Alert color="danger" role="alert" data-testid="person-not-found">
      {t('people:profile.notAvailable')}
    </Alert>
  );
}

/** /user/:camuserId and /contact/:camuserId: a contact's profile. */
export function ContactProfilePage() {
  const { camuserId = '' } = useParams();
  const [{ data, error }, refetch] = useQuery({ query: PersonQuery, variables: { id: camuserId } });
  if (error || data?.checkUserProfilePermission.permission === false) return <NotAvailable />;
  if (!data) return null;
  return <PersonProfile user={data.user} onChanged={() => refetch({ requestPolicy: 'network-only' })} />;
}

/** /team-profile/:team: a staff member's profile. */
export function TeamProfilePage() {
  const { team = '' } = useParams();
  const [{ data, error }, refetch] = useQuery({ query: TeamMemberQuery, variables: { id: team } });
  if (error || data?.checkTeamProfilePermission.permission === false) return <NotAvailable />;
  if (!data) return null;
  return <PersonProfile user={data.user} onChanged={() => refetch({ requestPolicy: 'network-only' })} />;
}
