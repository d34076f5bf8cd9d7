import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  FileButton,
  Grid,
  Group,
  Image,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPaperclip, IconPencil, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showMessage, showNotice } from '../../../lib/notices';
import { uploadFile } from '../../../lib/upload-file';
import {
  DeleteSelectedMutation,
  MarkReadMutation,
  ProgramThreadQuery,
  ProgramThreadsQuery,
  RecipientsQuery,
  SendMutation,
  StudentThreadQuery,
  StudentThreadsQuery,
  UpdateMutation,
  type MessageData,
  type ThreadData,
} from '../api/chat';
import type { ChatLiveEvent } from '../hooks/use-chat-live';
import { LiveLocation } from './live-location';

const THREADS_PER_PAGE = 20;
const MESSAGES_PER_PAGE = 30;
const MAX_BYTES = 20 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

type Tab = 'student' | 'program';
interface Selected {
  category: Tab;
  id: string;
  name: string;
  location_id: string;
}

/**
 * The chat inbox: threads (children and rooms) on one side with unread counters, the open thread on
 * the other (one column at a time on a phone). Families write in their children's and rooms'
 * threads; staff (`staff`) also select and delete messages. Live through chatMessageAdded.
 */
export function ChatInbox({ staff, locationId }: { staff: boolean; locationId: string | null }) {
  const { t } = useTranslation(['chat', 'common']);
  const [tab, setTab] = useState<Tab>('student');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Selected | null>(null);
  const listQuery = tab === 'student' ? StudentThreadsQuery : ProgramThreadsQuery;
  const [{ data: list, fetching }, refetchList] = useQuery({
    query: listQuery as typeof StudentThreadsQuery,
    variables: { location_id: staff ? locationId : null, search: search.trim() || null, page, first: THREADS_PER_PAGE },
    requestPolicy: 'cache-and-network',
    pause: staff && !locationId,
  });
  const result = list ? ((list as Record<string, unknown>)[tab === 'student' ? 'getLastMessagesByStudent' : 'getLastMessagesByProgram'] as
    | { data: ThreadData[]; paginatorInfo: { lastPage: number; total: number } }
    | undefined) : undefined;
  const threads = result?.data ?? [];
  const locations = useMemo(() => {
    if (staff) return locationId ? [locationId] : [];
    return [...new Set(threads.map((x) => x.location_id))];
  }, [staff, locationId, threads]);
  const [tick, setTick] = useState(0);
  const onEvent = useCallback(
    (e: ChatLiveEvent) => {
      refetchList({ requestPolicy: 'network-only' });
      if (open && (e.student_id === open.id || e.program_id === open.id)) setTick((n) => n + 1);
    },
    [open, refetchList],
  );

  return (
    <Stack gap="md">
      {locations.map((id) => (
        <LiveLocation key={id} id={id} onEvent={onEvent} />
      ))}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }} display={{ base: open ? 'none' : 'block', md: 'block' }}>
          <Card withBorder padding="sm">
            <Stack gap="sm">
              <SegmentedControl
                fullWidth
                value={tab}
                onChange={(v) => {
                  setTab(v as Tab);
                  setPage(1);
                }}
                data={[
                  { value: 'student', label: t('chat:tabs.children') },
                  { value: 'program', label: t('chat:tabs.rooms') },
                ]}
              />
              {staff && (
                <TextInput
                  aria-label={t('chat:search')}
                  placeholder={t('chat:search')}
                  value={search}
                  onChange={(e) => {
                    setSearch(e.currentTarget.value);
                    setPage(1);
                  }}
                />
              )}
              {threads.length === 0 && !fetching && <Text c="dimmed">{t('chat:noData')}</Text>}
              {threads.map((th) => (
                <UnstyledButton
                  key={`${th.category}-${th.id}`}
                  onClick={() => setOpen({ category: th.category as Tab, id: th.id, name: th.name, location_id: th.location_id })}
                  data-testid={`chat-thread-${th.id}`}
                  aria-current={open?.id === th.id && open.category === th.category}
                >
                  <Card withBorder padding="xs" bg={open?.id === th.id && open.category === th.category ? 'var(--mantine-color-default-hover)' : undefined}>
                    <Group justify="space-between" wrap="nowrap">
                      <Box style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {th.name}
                        </Text>
                        <Text size="sm" c="dimmed" truncate>
                          {th.last_message ? (th.last_message.message ?? t('chat:attachment')) : t('chat:noMessages')}
                        </Text>
                      </Box>
                      <Stack gap={2} align="flex-end">
                        {th.last_message && <Text size="xs" c="dimmed">{formatDateTime(th.last_message.created_at)}</Text>}
                        {th.unread > 0 && (
                          <Badge color="danger" aria-label={t('chat:unread', { count: th.unread })}>
                            {th.unread}
                          </Badge>
                        )}
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
              {(result?.paginatorInfo.lastPage ?? 1) > 1 && (
                <Pagination size="sm" total={result!.paginatorInfo.lastPage} value={page} onChange={setPage} />
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} display={{ base: open ? 'block' : 'none', md: 'block' }}>
          {open ? (
            <Thread key={`${open.category}-${open.id}`} thread={open} staff={staff} tick={tick} onBack={() => setOpen(null)} onChanged={() => refetchList({ requestPolicy: 'network-only' })} />
          ) : (
            <Card withBorder padding="lg">
              <Text c="dimmed">{t('chat:pick')}</Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Thread({ thread, staff, tick, onBack, onChanged }: { thread: Selected; staff: boolean; tick: number; onBack(): void; onChanged(): void }) {
  const { t } = useTranslation(['chat', 'common']);
  const client = useClient();
  const [page, setPage] = useState(1);
  const vars = thread.category === 'student' ? { student_id: thread.id } : { program_id: thread.id };
  const [{ data }, refetch] = useQuery({
    query: (thread.category === 'student' ? StudentThreadQuery : ProgramThreadQuery) as typeof StudentThreadQuery,
    variables: { ...(vars as { student_id: string }), page, first: MESSAGES_PER_PAGE },
    requestPolicy: 'network-only',
  });
  const [{ data: people }] = useQuery({ query: RecipientsQuery, variables: vars });
  const result = data
    ? ((data as Record<string, unknown>)[thread.category === 'student' ? 'getStudentChat' : 'getProgramChat'] as
        | { data: MessageData[]; paginatorInfo: { lastPage: number } }
        | undefined)
    : undefined;
  const messages = useMemo(() => [...(result?.data ?? [])].reverse(), [result]);
  const [, markRead] = useMutation(MarkReadMutation);
  const [sending, send] = useMutation(SendMutation);
  const [, update] = useMutation(UpdateMutation);
  const [, remove] = useMutation(DeleteSelectedMutation);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A live event in this thread refreshes it.
  useEffect(() => {
    if (tick > 0) refetch({ requestPolicy: 'network-only' });
  }, [tick, refetch]);

  // Opening a thread, and each newer message shown, marks it read.
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId) void markRead(vars).then(() => onChanged());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId]);

  async function upload(f: File): Promise<string | null> {
    const up = await uploadFile(client, 'chat_attachment', thread.location_id, f);
    if ('id' in up) return up.id;
    showMessage(t('chat:rejected', { reason: up.error }), false);
    return null;
  }

  async function submit() {
    setError(null);
    if (!text.trim() && !file) {
      setError(t('chat:empty'));
      return;
    }
    let attachment: string | null = null;
    if (file) {
      setUploading(true);
      try {
        attachment = await upload(file);
      } finally {
        setUploading(false);
      }
      if (!attachment) return;
    }
    const r = await send({ ...vars, msg: text.trim() || null, attachment });
    if (reportMutationError(r.error, t)) return;
    setText('');
    setFile(null);
    refetch({ requestPolicy: 'network-only' });
    onChanged();
  }

  async function saveEdit() {
    if (!editing) return;
    const r = await update({ id: editing.id, msg: editing.text });
    if (reportMutationError(r.error, t)) return;
    setEditing(null);
    refetch({ requestPolicy: 'network-only' });
  }

  async function deleteIds(ids: string[]) {
    if (!ids.length || !window.confirm(t('chat:confirmDelete', { count: ids.length }))) return;
    const r = await remove({ ids });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.deleteChatSelectedMessage);
    setSelected(new Set());
    refetch({ requestPolicy: 'network-only' });
    onChanged();
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon variant="subtle" hiddenFrom="md" onClick={onBack} aria-label={t('chat:back')}>
              <IconArrowLeft size={18} />
            </ActionIcon>
            <Title order={4} style={{ minWidth: 0 }} lineClamp={1}>
              {thread.name}
            </Title>
          </Group>
          {staff && selected.size > 0 && (
            <Button size="xs" color="danger" leftSection={<IconTrash size={14} />} onClick={() => deleteIds([...selected])}>
              {t('chat:deleteSelected', { count: selected.size })}
            </Button>
          )}
        </Group>
        {people?.getStaffRecipientForMsg && people.getStaffRecipientForMsg.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('chat:recipients', { names: people.getStaffRecipientForMsg.map((p) => `${p.fname} ${p.lname}`).join(', ') })}
          </Text>
        )}
        {(result?.paginatorInfo.lastPage ?? 1) > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={result!.paginatorInfo.lastPage} value={page} onChange={setPage} />
          </Group>
        )}
        <ScrollArea.Autosize mah={480}>
          <Stack gap="xs" data-testid="chat-messages">
            {messages.length === 0 && <Text c="dimmed">{t('chat:noData')}</Text>}
            {messages.map((m) => (
              <Group key={m.id} justify={m.mine ? 'flex-end' : 'flex-start'} wrap="nowrap" align="flex-start">
                {staff && (
                  <Checkbox aria-label={t('chat:select')} checked={selected.has(m.id)} onChange={() => toggle(m.id)} mt={6} />
                )}
                <Card padding="xs" radius="md" maw="85%" bg={m.mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}>
                  <Text size="xs" c="dimmed">
                    {m.author ? `${m.author.fname} ${m.author.lname}` : ''}
                    {m.parent_relation ? ` (${m.parent_relation})` : ''} · {formatDateTime(m.created_at)}
                    {m.edited ? ` · ${t('chat:edited')}` : ''}
                  </Text>
                  {editing?.id === m.id ? (
                    <Stack gap={4}>
                      <Textarea autosize value={editing.text} onChange={(e) => setEditing({ id: m.id, text: e.currentTarget.value })} />
                      <Group gap={4}>
                        <Button size="xs" onClick={saveEdit}>
                          {t('common:actions.save')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                          {t('common:actions.cancel')}
                        </Button>
                      </Group>
                    </Stack>
                  ) : (
                    m.message && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {m.message}
                      </Text>
                    )
                  )}
                  {m.attachment?.url &&
                    (m.type === 'image' ? (
                      <Anchor href={m.attachment.url} target="_blank" rel="noreferrer">
                        <Image src={m.attachment.thumbnail_url ?? m.attachment.url} alt={m.attachment.original_name} maw={240} radius="sm" />
                      </Anchor>
                    ) : (
                      <Anchor href={m.attachment.url} target="_blank" rel="noreferrer" size="sm">
                        <Group gap={4}>
                          <IconFileTypePdf size={16} />
                          {m.attachment.original_name}
                        </Group>
                      </Anchor>
                    ))}
                  {m.mine && editing?.id !== m.id && (
                    <Group gap={2} justify="flex-end">
                      <ActionIcon size="sm" variant="subtle" aria-label={t('chat:edit')} onClick={() => setEditing({ id: m.id, text: m.message ?? '' })}>
                        <IconPencil size={14} />
                      </ActionIcon>
                      <ActionIcon size="sm" variant="subtle" color="danger" aria-label={t('chat:delete')} onClick={() => deleteIds([m.id])}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  )}
                </Card>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Stack gap={4}>
          <Textarea
            aria-label={t('chat:write')}
            placeholder={t('chat:write')}
            autosize
            minRows={2}
            maxLength={5000}
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
            }}
          />
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <FileButton
                accept={TYPES.join(',')}
                onChange={(f) => {
                  if (f && (!TYPES.includes(f.type) || f.size > MAX_BYTES)) {
                    showMessage(t('chat:badFile'), false);
                    return;
                  }
                  setFile(f);
                }}
              >
                {(props) => (
                  <ActionIcon variant="default" size="lg" aria-label={t('chat:attach')} {...props}>
                    <IconPaperclip size={18} />
                  </ActionIcon>
                )}
              </FileButton>
              {file && (
                <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {file.name}
                  </Text>
                  <ActionIcon size="sm" variant="subtle" aria-label={t('chat:removeFile')} onClick={() => setFile(null)}>
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <Button leftSection={<IconSend size={16} />} loading={sending.fetching || uploading} onClick={() => void submit()}>
              {t('chat:send')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
