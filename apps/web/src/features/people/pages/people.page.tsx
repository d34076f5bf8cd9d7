import { ActionIcon, Anchor, Badge, Button, Group, Modal, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import { IconCheck, IconMail, IconMessage, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { UserRow } from '../api/fragments';
import {
  ApprovePendingUserMutation,
  CreateAdminMutation,
  CreateContactMutation,
  CreateManagerMutation,
  CreateTeacherMutation,
  DeleteAdminMutation,
  DeleteContactMutation,
  DeleteManagerMutation,
  DeleteTeacherMutation,
  ResendInviteMutation,
  ResendInviteSmsMutation,
  UpdateUserStatusMutation,
} from '../api/people.mutation';
import { PendingUsersQuery, RoleUsersQuery, TeamListQuery } from '../api/people.query';
import { InviteMany } from '../components/invite-many';
import { PageHead } from '../components/page-head';
import { StatusBadge } from '../components/people-format';
import { PersonForm, type PersonKind } from '../forms/person-form';
import { PERSON_FIELDS, emptyPerson, type PersonValues } from '../forms/person-form.schema';
import { useFinish } from '../hooks/use-notice-call';
import { usePaged } from '../hooks/use-paged';
import { usePeoplePaths } from '../hooks/use-people-paths';

const STATUSES = ['all', 'active', 'inactive', 'pending', 'invited'] as const;
type ListStatus = (typeof STATUSES)[number];
const asStatus = (value: string | undefined): ListStatus =>
  (STATUSES as readonly string[]).includes(value ?? '') ? (value as ListStatus) : 'all';

const TEAM_ROLES = ['teacher', 'manager', 'center'] as const;
const KIND_OF_ROLE: Record<string, PersonKind> = { user: 'contact', teacher: 'teacher', manager: 'manager', center: 'admin' };

interface ListConfig {
  /** user (contacts), teacher, manager or center; null: the whole team. */
  role: string | null;
  /** Route of a status (contacts) or a team role (/team/:role?). */
  route?(value: string | null): string;
  titleKey: string;
}

function PeopleList({ config }: { config: ListConfig }) {
  const { t } = useTranslation(['people', 'common']);
  const params = useParams();
  const navigate = useNavigate();
  const links = usePeoplePaths();
  const finish = useFinish();
  const paged = usePaged();
  const [creating, setCreating] = useState(false);
  const contacts = config.role === 'user';
  const team = config.role === null;
  const status = contacts ? asStatus(params.status) : 'all';
  const teamRole = team && params.role && (TEAM_ROLES as readonly string[]).includes(params.role) ? params.role : null;
  const role = config.role ?? teamRole;

  const flags = {
    status: status === 'active' ? true : status === 'inactive' ? false : null,
    invited: status === 'invited' ? true : null,
  };
  const context = useMemo(() => ({ additionalTypenames: ['User'] }), []);
  const [roleList, refetchRole] = useQuery({
    query: RoleUsersQuery,
    variables: { ...paged.vars, role: role ?? 'user', ...flags },
    pause: team || status === 'pending',
    context,
  });
  const [pendingList, refetchPending] = useQuery({ query: PendingUsersQuery, variables: paged.vars, pause: status !== 'pending', context });
  const [teamList, refetchTeam] = useQuery({ query: TeamListQuery, variables: { ...paged.vars, role: teamRole }, pause: !team, context });
  const page = team ? teamList.data?.getTeamList : status === 'pending' ? pendingList.data?.PendingUser : roleList.data?.roleUsers;
  const fetching = roleList.fetching || pendingList.fetching || teamList.fetching;
  const reload = () => {
    const o = { requestPolicy: 'network-only' as const };
    if (team) refetchTeam(o);
    else if (status === 'pending') refetchPending(o);
    else refetchRole(o);
  };

  const [, setStatus] = useMutation(UpdateUserStatusMutation);
  const [, approve] = useMutation(ApprovePendingUserMutation);
  const [, resend] = useMutation(ResendInviteMutation);
  const [, resendSms] = useMutation(ResendInviteSmsMutation);
  const [, delContact] = useMutation(DeleteContactMutation);
  const [, delTeacher] = useMutation(DeleteTeacherMutation);
  const [, delManager] = useMutation(DeleteManagerMutation);
  const [, delAdmin] = useMutation(DeleteAdminMutation);
  const [, createContact] = useMutation(CreateContactMutation);
  const [, createTeacher] = useMutation(CreateTeacherMutation);
  const [, createManager] = useMutation(CreateManagerMutation);
  const [, createAdmin] = useMutation(CreateAdminMutation);

  async function remove(u: UserRow) {
    const r = u.roles[0]?.name ?? 'user';
    if (r === 'teacher') {
      const x = await delTeacher({ id: u.id });
      if (finish(x.error, x.data?.deleteTeacher)) reload();
    } else if (r === 'manager') {
      const x = await delManager({ id: u.id });
      if (finish(x.error, x.data?.deleteManager)) reload();
    } else if (r === 'center') {
      const x = await delAdmin({ id: u.id });
      if (finish(x.error, x.data?.deleteAdmin)) reload();
    } else {
      const x = await delContact({ id: u.id });
      if (finish(x.error, x.data?.deleteUser)) reload();
    }
  }

  const createKind: PersonKind = KIND_OF_ROLE[role ?? 'teacher'] ?? 'teacher';
  async function create(v: PersonValues, setError: Parameters<React.ComponentProps<typeof PersonForm>['onSubmit']>[1]) {
    const base = {
      fname: v.fname,
      lname: v.lname,
      username: v.username,
      email: v.email,
      phone: v.phone || null,
      locations: v.locations,
      email_confirmed: v.email_confirmed,
      send_invite: v.send_invite,
      send_sms: v.send_sms,
    };
    const form = { setError, fields: PERSON_FIELDS };
    let ok = false;
    if (createKind === 'contact') {
      const r = await createContact(base);
      ok = finish(r.error, r.data?.createUser, form);
    } else if (createKind === 'teacher') {
      const r = await createTeacher({ ...base, programs: v.programs, job_title: v.job_title || null });
      ok = finish(r.error, r.data?.createTeacher, form);
    } else if (createKind === 'manager') {
      const r = await createManager({ ...base, job_title: v.job_title || null });
      ok = finish(r.error, r.data?.createManager, form);
    } else {
      const r = await createAdmin(base);
      ok = finish(r.error, r.data?.createAdmin, form);
    }
    if (ok) {
      setCreating(false);
      reload();
    }
  }

  const columns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      {
        key: 'full_name',
        header: t('people:person.name'),
        render: (u) => (
          <Anchor component={Link} to={contacts ? links.contact(u.id) : links.team(u.id)} data-testid={`person-link-${u.username}`}>
            {u.full_name}
          </Anchor>
        ),
      },
      { key: 'username', header: t('people:person.username') },
      { key: 'email', header: t('people:person.email'), render: (u) => <EmailText value={u.email} /> },
      { key: 'phone', header: t('people:person.phone'), render: (u) => <PhoneText value={u.phone} /> },
      ...(team
        ? [
            {
              key: 'roles',
              header: t('people:person.role'),
              value: (u: UserRow) => u.roles[0]?.display_name ?? '',
            } satisfies DataTableColumn<UserRow>,
          ]
        : []),
      {
        key: 'locations',
        header: t('people:person.locations'),
        sortable: false,
        value: (u) => u.locations.map((l) => l.name).join(', '),
      },
      {
        key: 'last_login_time',
        header: t('people:person.lastLogin'),
        render: (u) => formatDateTime(u.last_login_time),
      },
      {
        key: 'status',
        header: t('people:person.status'),
        render: (u) => (
          <Group gap={4}>
            <StatusBadge active={u.status} />
            {u.pending ? <Badge variant="outline">{t('people:status.pending')}</Badge> : null}
            {u.invited ? <Badge variant="outline">{t('people:status.invited')}</Badge> : null}
          </Group>
        ),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (u) => (
          <Group gap={4} wrap="nowrap">
            {u.pending ? (
              <Tooltip label={t('people:people.approve')}>
                <ActionIcon
                  variant="subtle"
                  color="success"
                  aria-label={t('people:people.approveNamed', { name: u.full_name })}
                  onClick={async () => {
                    const r = await approve({ id: u.id });
                    if (finish(r.error, r.data?.approvePendingUser)) reload();
                  }}
                >
                  <IconCheck size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {u.invited ? (
              <Tooltip label={t('people:people.resend')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('people:people.resendNamed', { name: u.full_name })}
                  onClick={async () => {
                    const r = await resend({ id: u.id });
                    finish(r.error, r.data?.resendInviteEmail);
                  }}
                >
                  <IconMail size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {u.invited && u.phone ? (
              <Tooltip label={t('people:people.resendSms')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('people:people.resendSmsNamed', { name: u.full_name })}
                  onClick={async () => {
                    const r = await resendSms({ id: u.id });
                    finish(r.error, r.data?.resendInviteSms);
                  }}
                >
                  <IconMessage size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={u.status ? t('people:people.deactivate') : t('people:people.activate')}>
              <ActionIcon
                variant="subtle"
                aria-label={t(u.status ? 'people:people.deactivateNamed' : 'people:people.activateNamed', { name: u.full_name })}
                onClick={async () => {
                  const r = await setStatus({ id: u.id, status: !u.status });
                  if (finish(r.error, r.data?.updateUserStatus)) reload();
                }}
              >
                {u.status ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('people:people.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('people:people.deleteNamed', { name: u.full_name })}
                onClick={() => confirmDelete(t, u.full_name, () => remove(u))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [t, links, contacts, team],
  );

  const title = t(config.titleKey);
  return (
    <Stack gap="md" data-testid="people-page">
      <PageHead
        title={title}
        actions={
          <>
            {role === 'user' || role === 'teacher' ? <InviteMany role={role} onDone={reload} /> : null}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="add-person">
              {t(`people:people.add.${createKind}`)}
            </Button>
          </>
        }
      />
      {contacts && config.route ? (
        <SegmentedControl
          aria-label={t('people:people.filter')}
          value={status}
          onChange={(v) => {
            paged.reset();
            navigate(config.route!(v === 'all' ? null : v));
          }}
          data={STATUSES.map((s) => ({ value: s, label: t(`people:people.statuses.${s}`) }))}
        />
      ) : null}
      {team && config.route ? (
        <SegmentedControl
          aria-label={t('people:people.roleFilter')}
          value={teamRole ?? 'all'}
          onChange={(v) => {
            paged.reset();
            navigate(config.route!(v === 'all' ? null : v));
          }}
          data={['all', ...TEAM_ROLES].map((r) => ({ value: r, label: t(`people:people.roles.${r}`) }))}
        />
      ) : null}
      <DataTable
        label={title}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(u) => u.id}
        loading={fetching}
        server={paged.server(page?.paginatorInfo)}
      />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        size="lg"
        title={t(`people:people.add.${createKind}`)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {creating ? (
          <PersonForm
            kind={createKind}
            initial={emptyPerson()}
            submitLabel={t('people:invite.submit')}
            onSubmit={create}
            onCancel={() => setCreating(false)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** /users/:status? (contacts). */
export function UsersPage() {
  return <PeopleList config={{ role: 'user', route: (status) => paths.users.to({ status }), titleKey: 'people:people.titles.users' }} />;
}
/** /contacts/:status? (pet centres). */
export function ContactsPage() {
  return <PeopleList config={{ role: 'user', route: (status) => paths.contacts.to({ status }), titleKey: 'people:people.titles.users' }} />;
}
/** /admins: centre owners. */
export function AdminsPage() {
  return <PeopleList config={{ role: 'center', titleKey: 'people:people.titles.admins' }} />;
}
/** /managers. */
export function ManagersPage() {
  return <PeopleList config={{ role: 'manager', titleKey: 'people:people.titles.managers' }} />;
}
/** /teachers. */
export function TeachersPage() {
  return <PeopleList config={{ role: 'teacher', titleKey: 'people:people.titles.teachers' }} />;
}
/** /team/:role?: every staff role, or one. */
export function TeamPage() {
  return <PeopleList config={{ role: null, route: (role) => paths.team.to({ role }), titleKey: 'people:people.titles.team' }} />;
}
/** /staff (pet centres): the whole team. */
export function StaffPage() {
  return <PeopleList config={{ role: null, titleKey: 'people:people.titles.team' }} />;
}
