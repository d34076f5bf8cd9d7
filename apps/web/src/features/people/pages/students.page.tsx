import { ActionIcon, Anchor, Badge, Button, Group, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArrowsExchange,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { paths } from '../../../lib/paths';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { StudentRow } from '../api/fragments';
import {
  ArchiveStudentMutation,
  ForceDeleteStudentsMutation,
  RestoreStudentsMutation,
  UpdateStudentStatusMutation,
} from '../api/students.mutation';
import { ArchivedStudentsQuery, LeadStudentsQuery, StudentsQuery } from '../api/students.query';
import { AddChildByCode } from '../components/add-child-by-code';
import { PageHead } from '../components/page-head';
import { MoveRoom } from '../components/move-room';
import { DateText, StatusBadge } from '../components/people-format';
import { StudentBulkActions } from '../components/student-bulk-actions';
import { LazyStudentEditor } from '../components/student-editor-lazy';
import { useFinish } from '../hooks/use-notice-call';
import { usePaged } from '../hooks/use-paged';
import { usePeoplePaths } from '../hooks/use-people-paths';

const STATUSES = ['all', 'active', 'inactive', 'waitlist', 'archived'] as const;
type ListStatus = (typeof STATUSES)[number];

const asStatus = (value: string | undefined): ListStatus =>
  (STATUSES as readonly string[]).includes(value ?? '') ? (value as ListStatus) : 'all';

/**
 * The student (pet) list. Managers add, edit, activate, archive and restore; teachers read their
 * rooms' children; parents only their own (the server scopes every list).
 */
function StudentsList({ statusRoute }: { statusRoute: ((status: string | null) => string) | null }) {
  const { t } = useTranslation(['people', 'common']);
  const params = useParams();
  const navigate = useNavigate();
  const links = usePeoplePaths();
  const finish = useFinish();
  const [localStatus, setLocalStatus] = useState<ListStatus>('all');
  const status = statusRoute ? asStatus(params.status) : localStatus;
  const paged = usePaged();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [movingRoom, setMovingRoom] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  // Bulk actions work on live students the viewer manages: not on the archive.
  const selectable = links.manager && status !== 'archived';
  // The archive (getArchivedList) is for managers holding students.edit.
  const mayArchive = links.manager && links.viewer.permissions.includes('students.edit');
  const shown = `${status}|${paged.vars.page}|${paged.vars.first}|${paged.vars.search ?? ''}`;
  useEffect(() => setSelected([]), [shown]);

  const vars = {
    ...paged.vars,
    status: status === 'active' ? true : status === 'inactive' ? false : null,
  };
  const context = useMemo(() => ({ additionalTypenames: ['Student'] }), []);
  const [list, refetch] = useQuery({
    query: StudentsQuery,
    variables: vars,
    pause: status === 'waitlist' || status === 'archived',
    context,
  });
  const [lead, refetchLead] = useQuery({ query: LeadStudentsQuery, variables: vars, pause: status !== 'waitlist', context });
  const [archived, refetchArchived] = useQuery({ query: ArchivedStudentsQuery, variables: vars, pause: status !== 'archived', context });
  const page =
    status === 'waitlist' ? lead.data?.getLeadStudents : status === 'archived' ? archived.data?.getArchivedList : list.data?.students;
  const fetching = list.fetching || lead.fetching || archived.fetching;
  const reload = () => {
    const opts = { requestPolicy: 'network-only' as const };
    if (status === 'waitlist') refetchLead(opts);
    else if (status === 'archived') refetchArchived(opts);
    else refetch(opts);
  };

  const [, setStatus] = useMutation(UpdateStudentStatusMutation);
  const [, archive] = useMutation(ArchiveStudentMutation);
  const [, restore] = useMutation(RestoreStudentsMutation);
  const [, forceDelete] = useMutation(ForceDeleteStudentsMutation);

  const title = links.manager
    ? t('people:students.title')
    : links.staff
      ? t('people:students.teacherTitle')
      : t('people:students.parentTitle');

  const columns = useMemo<DataTableColumn<StudentRow>[]>(() => {
    const cols: DataTableColumn<StudentRow>[] = [
      {
        key: 'full_name',
        header: t('people:student.name'),
        render: (s) =>
          status === 'archived' ? (
            s.full_name
          ) : (
            <Anchor component={Link} to={links.student(s.id)} data-testid={`student-link-${s.id}`}>
              {s.full_name}
            </Anchor>
          ),
      },
      { key: 'dob', header: t('people:student.dob'), render: (s) => <DateText value={s.dob} /> },
      { key: 'age', header: t('people:student.age') },
      { key: 'location.name', header: t('people:student.location') },
      { key: 'program.name', header: t('people:student.homeroom') },
      {
        key: 'tags',
        header: t('people:student.tags'),
        sortable: false,
        value: (s) => s.tags.map((x) => x.name).join(' '),
        render: (s) => (
          <Group gap={4}>
            {s.tags.map((x) => (
              <Badge key={x.id} variant="light" size="sm">
                {x.name}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        key: 'status',
        header: t('people:student.status'),
        render: (s) =>
          s.type === 'lead' || s.type === 'waitlist' ? (
            <Badge variant="outline">{t(`people:types.${s.type}`)}</Badge>
          ) : (
            <StatusBadge active={s.status} />
          ),
      },
    ];
    if (links.manager) {
      cols.push({
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (s) =>
          status === 'archived' ? (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('people:students.restore')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('people:students.restoreNamed', { name: s.full_name })}
                  onClick={async () => {
                    const r = await restore({ ids: [s.id] });
                    if (finish(r.error, r.data?.restoreArchived)) reload();
                  }}
                >
                  <IconRestore size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('people:students.deleteForever')}>
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={t('people:students.deleteForeverNamed', { name: s.full_name })}
                  onClick={() =>
                    confirmDelete(t, s.full_name, async () => {
                      const r = await forceDelete({ ids: [s.id] });
                      if (finish(r.error, r.data?.forceDeleteArchived)) reload();
                    })
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('people:students.edit')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('people:students.editNamed', { name: s.full_name })}
                  onClick={() => setEditing({ id: s.id })}
                  data-testid={`edit-student-${s.id}`}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={s.status ? t('people:students.deactivate') : t('people:students.activate')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t(s.status ? 'people:students.deactivateNamed' : 'people:students.activateNamed', { name: s.full_name })}
                  onClick={async () => {
                    const r = await setStatus({ id: s.id, status: !s.status });
                    if (finish(r.error, r.data?.updateStudentStatus)) reload();
                  }}
                >
                  {s.status ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('people:students.archive')}>
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={t('people:students.archiveNamed', { name: s.full_name })}
                  onClick={() =>
                    confirmDelete(t, s.full_name, async () => {
                      const r = await archive({ id: s.id });
                      if (finish(r.error, r.data?.deleteStudent)) reload();
                    })
                  }
                >
                  <IconArchive size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
      });
    }
    return cols;
  }, [t, links, status]);

  return (
    <Stack gap="md" data-testid="students-page">
      <PageHead
        title={title}
        lead={links.manager ? t('people:students.lead') : undefined}
        actions={
          links.manager ? (
            <>
              <Button
                variant="light"
                leftSection={<IconArrowsExchange size={16} aria-hidden />}
                onClick={() => setMovingRoom(true)}
                data-testid="move-room"
              >
                {t('people:moveRoom.open')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })} data-testid="add-student">
                {t('people:students.add')}
              </Button>
            </>
          ) : links.staff ? null : (
            <AddChildByCode onAdded={reload} />
          )
        }
      />
      {links.staff ? (
        <SegmentedControl
          aria-label={t('people:students.filter')}
          value={status}
          onChange={(value) => {
            paged.reset();
            if (statusRoute) navigate(statusRoute(value === 'all' ? null : value));
            else setLocalStatus(asStatus(value));
          }}
          data={STATUSES.filter((s) => (s === 'archived' ? mayArchive : s === 'waitlist' ? links.manager : true)).map((s) => ({
            value: s,
            label: t(`people:students.statuses.${s}`),
          }))}
          data-testid="student-status"
        />
      ) : null}
      {selectable ? (
        <StudentBulkActions
          ids={selected}
          onClear={() => setSelected([])}
          onDone={() => {
            setSelected([]);
            reload();
          }}
        />
      ) : null}
      <DataTable
        label={title}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(s) => s.id}
        loading={fetching}
        server={paged.server(page?.paginatorInfo)}
        selection={
          selectable
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (s) => t('people:bulk.selectRow', { name: s.full_name }),
                allLabel: t('people:bulk.selectAll'),
              }
            : undefined
        }
      />
      {links.manager ? (
        <MoveRoom
          opened={movingRoom}
          onClose={() => setMovingRoom(false)}
          onDone={() => {
            setMovingRoom(false);
            reload();
          }}
        />
      ) : null}
      {editing ? (
        <LazyStudentEditor
          opened
          studentId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** /students/:status? (manager). */
export function ManagerStudentsPage() {
  return <StudentsList statusRoute={(status) => paths.students.to({ status })} />;
}

/** /teacher/students, /user/students, /pets, /contact/pets, /staff/pets: the viewer's own scope. */
export function StudentsPage() {
  return <StudentsList statusRoute={null} />;
}
