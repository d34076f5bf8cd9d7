import { ActionIcon, Badge, Button, Group, Modal, SegmentedControl, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime, formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  AcknowledgementsQuery,
  AnnouncementsQuery,
  DeleteMutation,
  DuplicateMutation,
  StatusMutation,
  type AnnouncementData,
  type RecipientData,
} from '../api/announcements';
import { AnnouncementForm } from '../components/announcement-form';

const CONTEXT = { additionalTypenames: ['Announcement', 'AnnouncementPaginator'] };

/** Who got an announcement's action item and who has not acknowledged it yet. */
function Acknowledgements({ announcement, onClose }: { announcement: AnnouncementData | null; onClose(): void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const [filter, setFilter] = useState<'pending' | 'done' | 'all'>('pending');
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }] = useQuery({
    query: AcknowledgementsQuery,
    pause: !announcement,
    variables: { id: announcement?.id ?? '', acknowledged: filter === 'all' ? null : filter === 'done', ...paging },
    requestPolicy: 'cache-and-network',
  });
  const page = data?.getAnnouncementAcknowledgements;
  const columns: DataTableColumn<RecipientData>[] = [
    { key: 'lname', header: t('announcements:acks.name'), render: (r) => `${r.fname} ${r.lname}`, value: (r) => `${r.lname} ${r.fname}` },
    { key: 'email', header: t('announcements:acks.email'), render: (r) => r.email ?? '' },
    { key: 'phone', header: t('announcements:acks.phone'), render: (r) => r.phone ?? '' },
    {
      key: 'acknowledged_at',
      header: t('announcements:acks.acknowledged'),
      render: (r) => (r.acknowledged_at ? formatDateTime(r.acknowledged_at) : <Badge color="warning" variant="light">{t('announcements:acks.pending')}</Badge>),
    },
  ];
  return (
    <Modal opened={Boolean(announcement)} onClose={onClose} size="xl" title={t('announcements:acks.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm" data-testid="acknowledgements">
        <Text size="sm">{announcement?.message}</Text>
        <SegmentedControl
          value={filter}
          onChange={(v) => {
            setFilter(v as typeof filter);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data={[
            { value: 'pending', label: t('announcements:acks.notYet') },
            { value: 'done', label: t('announcements:acks.done') },
            { value: 'all', label: t('announcements:acks.all') },
          ]}
        />
        <DataTable
          label={t('announcements:acks.title')}
          rows={page?.data ?? []}
          columns={columns}
          rowKey={(r) => r.user_id}
          loading={fetching}
          server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
        />
      </Stack>
    </Modal>
  );
}

/** /announcements: the announcements of the viewer's locations — create, edit, switch on and off, duplicate, delete, acknowledgements. */
export function AnnouncementsPage() {
  const { t } = useTranslation(['announcements', 'common', 'shell']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AnnouncementsQuery,
    variables: { search: search || null, ...paging },
    requestPolicy: 'cache-and-network',
    context: CONTEXT,
  });
  const [editing, setEditing] = useState<AnnouncementData | null | 'new'>(null);
  const [acks, setAcks] = useState<AnnouncementData | null>(null);
  const [, setStatus] = useMutation(StatusMutation);
  const [, duplicate] = useMutation(DuplicateMutation);
  const [, remove] = useMutation(DeleteMutation);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const run = async (result: Promise<{ error?: unknown; data?: Record<string, unknown> | null }>, key: string) => {
    const r = await result;
    if (reportMutationError(r.error as never, t)) return;
    const notice = r.data?.[key] as { status: boolean; message: string; color: string } | undefined;
    if (notice) showNotice(notice);
    reload();
  };

  const page = data?.getAnnouncements;
  const columns: DataTableColumn<AnnouncementData>[] = [
    {
      key: 'message',
      header: t('announcements:fields.message'),
      render: (a) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, marginTop: 6, flex: 'none', background: a.color_code ?? 'var(--mantine-color-gray-4)' }} />
          <Stack gap={2}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {a.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(a.created_at)}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'roles',
      header: t('announcements:list.audience'),
      sortable: false,
      render: (a) => (
        <Stack gap={2}>
          <Text size="sm">{a.roles.map((r) => t(`announcements:roles.${r}`)).join(', ')}</Text>
          <Text size="xs" c="dimmed">
            {[...new Set(a.locations.map((l) => l.name))].join(', ')}
            {a.programs.length ? ` · ${[...new Set(a.programs.map((p) => p.name))].join(', ')}` : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'expiry_date', header: t('announcements:fields.expiry_date'), render: (a) => formatDay(a.expiry_date) || t('announcements:list.noEnd') },
    {
      key: 'due_date',
      header: t('announcements:list.action'),
      render: (a) =>
        a.action_needed ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconUsers size={14} />}
            onClick={() => setAcks(a)}
            data-testid={`acks-${a.id}`}
          >
            {t('announcements:list.acknowledged', { done: a.action_summary?.acknowledged ?? 0, total: a.action_summary?.total ?? 0, date: formatDay(a.due_date) })}
          </Button>
        ) : (
          ''
        ),
    },
    {
      key: 'status',
      header: t('announcements:fields.status'),
      render: (a) => (
        <Switch
          checked={a.status}
          aria-label={t('announcements:list.toggle')}
          onChange={(e) => void run(setStatus({ id: a.id, status: e.currentTarget.checked }), 'updateAnnouncementStatus')}
          data-testid={`status-${a.id}`}
        />
      ),
    },
    {
      key: 'id',
      header: t('announcements:list.actions'),
      sortable: false,
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('announcements:list.edit')}>
            <ActionIcon variant="subtle" aria-label={t('announcements:list.edit')} onClick={() => setEditing(a)}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('announcements:list.duplicate')}>
            <ActionIcon variant="subtle" aria-label={t('announcements:list.duplicate')} onClick={() => void run(duplicate({ id: a.id }), 'duplicateAnnouncement')}>
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('announcements:list.delete')}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('announcements:list.delete')}
              onClick={() => confirmDelete(t, a.message.slice(0, 60), () => run(remove({ id: a.id }), 'deleteAnnouncement'))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="announcements-page">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h3">
            {t('shell:menu.announcements')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('announcements:list.lead')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="announcement-new">
          {t('announcements:list.create')}
        </Button>
      </Group>
      {error && !data ? (
        <Text c="danger" role="alert">
          {t('announcements:loadFailed')}
        </Text>
      ) : null}
      <DataTable
        label={t('shell:menu.announcements')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(a) => a.id}
        loading={fetching}
        server={{
          paginatorInfo: page?.paginatorInfo ?? null,
          onPage: setPaging,
          onSearch: (q) => {
            setSearch(q);
            setPaging((p) => ({ ...p, page: 1 }));
          },
        }}
      />
      {editing ? (
        <AnnouncementForm
          key={editing === 'new' ? 'new' : editing.id}
          opened
          editing={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Acknowledgements announcement={acks} onClose={() => setAcks(null)} />
    </Stack>
  );
}
