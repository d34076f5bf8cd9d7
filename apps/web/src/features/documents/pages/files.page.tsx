import { Anchor, Badge, Button, Checkbox, FileInput, Group, Modal, MultiSelect, Stack, Switch, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { roleAtLeast } from '@kv/shared';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useClient, useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { currentLocation } from '../../../lib/current-location';
import { formatDateTime, formatDay } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { ArchiveFileMutation, CreateFileMutation, FilesQuery, MarkReadMutation, ShareFileMutation, UpdateFileMutation } from '../api/documents.graphql';
import { uploadFile } from '../../../lib/upload-file';

type FileRow = {
  id: string;
  name: string;
  description: string | null;
  published: boolean;
  archive: boolean;
  read: boolean;
  expiry_date: string | null;
  created_at: string;
  file: { id: string; original_name: string; url: string | null } | null;
  shares: { kind: string; target_id: string }[];
};

/** Opens a file's signed URL and marks it read (logged as a download). */
function useOpenFile() {
  const [, mark] = useMutation(MarkReadMutation);
  return (row: FileRow) => {
    void mark({ id: row.id, download: true });
  };
}

function FileLink({ row, onOpen }: { row: FileRow; onOpen(row: FileRow): void }) {
  if (!row.file?.url) return <span>{row.name}</span>;
  return (
    <Anchor href={row.file.url} target="_blank" rel="noreferrer" onClick={() => onOpen(row)} data-testid="file-link">
      {row.name}
    </Anchor>
  );
}

/** /files/others: the centre's files; managers upload, share, publish and archive them (the Archive tab). */
export function FilesPage() {
  const { t } = useTranslation('documents');
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [archive, setArchive] = useState(false);
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [search, setSearch] = useState('');
  const [{ data, fetching }, refetch] = useQuery({
    query: FilesQuery,
    variables: { location_id: location?.id ?? null, search: search || null, archive, page, first },
    requestPolicy: 'cache-and-network',
  });
  const [, update] = useMutation(UpdateFileMutation);
  const [, archiveFile] = useMutation(ArchiveFileMutation);
  const [creating, setCreating] = useState(false);
  const open = useOpenFile();
  const rows: FileRow[] = data?.filterFiles.data ?? [];
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const report = (r: { error?: { graphQLErrors: { message: string }[] } }, ok: string | undefined) => {
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    else showMessage(ok ?? '', true), reload();
  };
  return (
    <Stack gap="md" data-testid="files-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('filesTitle')}
        </Title>
        {manager ? (
          <Button onClick={() => setCreating(true)} data-testid="file-create">
            {t('newFile')}
          </Button>
        ) : null}
      </Group>
      {manager ? (
        <Tabs value={archive ? 'archive' : 'files'} onChange={(v) => (setArchive(v === 'archive'), setPage(1))}>
          <Tabs.List>
            <Tabs.Tab value="files">{t('filesTitle')}</Tabs.Tab>
            <Tabs.Tab value="archive">{t('archive')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : null}
      <DataTable<FileRow>
        label={t('filesTitle')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.filterFiles.paginatorInfo ?? null, onPage: (p) => (setPage(p.page), setFirst(p.first)), onSearch: setSearch }}
        columns={[
          { key: 'name', header: t('name'), render: (r) => <FileLink row={r} onOpen={open} /> },
          { key: 'description', header: t('description'), render: (r) => r.description ?? '' },
          { key: 'expiry_date', header: t('expiry'), render: (r) => formatDay(r.expiry_date) },
          { key: 'created_at', header: t('added'), render: (r) => formatDateTime(r.created_at) },
          ...(manager
            ? [
                {
                  key: 'published',
                  header: t('published'),
                  render: (r: FileRow) => (
                    <Switch
                      aria-label={t('published')}
                      checked={r.published}
                      disabled={r.archive}
                      onChange={async (e) => {
                        const res = await update({ id: r.id, published: e.currentTarget.checked });
                        report(res, res.data?.updateFile.message);
                      }}
                      data-testid="file-published"
                    />
                  ),
                },
                {
                  key: 'actions',
                  header: t('actions'),
                  render: (r: FileRow) => (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={async () => {
                        const res = await archiveFile({ id: r.id, archive: !r.archive });
                        report(res, res.data?.archiveFile.message);
                      }}
                      data-testid="file-archive"
                    >
                      {r.archive ? t('restore') : t('archiveAction')}
                    </Button>
                  ),
                },
              ]
            : [{ key: 'read', header: t('read'), render: (r: FileRow) => (r.read ? <Badge variant="light">{t('read')}</Badge> : null) }]),
        ]}
      />
      <CreateFile opened={creating} onClose={() => setCreating(false)} onCreated={reload} />
    </Stack>
  );
}

function CreateFile({ opened, onClose, onCreated }: { opened: boolean; onClose(): void; onCreated(): void }) {
  const { t } = useTranslation('documents');
  const client = useClient();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [published, setPublished] = useState(false);
  const [audience, setAudience] = useState<string[]>(['user']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, create] = useMutation(CreateFileMutation);
  const [, share] = useMutation(ShareFileMutation);
  const submit = async () => {
    if (!location?.id) return showMessage(t('pickLocation'), false);
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const up = await uploadFile(client, 'centre_file', location.id, file);
      if ('error' in up) return setError(t('uploadFailed', { reason: up.error }));
      const r = await create({ location_id: location.id, name, file_id: up.id, description: description || null, published });
      if (r.error || !r.data) return setError(r.error?.graphQLErrors[0]?.message ?? t('failed'));
      const id = r.data.createFile.file!.id;
      if (audience.length) {
        const roles = audience.filter((a) => a !== 'location');
        await share({ id, roles: roles.length ? roles : null, location_ids: audience.includes('location') ? [location.id] : null });
      }
      showMessage(r.data.createFile.message, true);
      setName('');
      setDescription('');
      setFile(null);
      onCreated();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('newFile')}>
      <Stack>
        <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-testid="file-name" />
        <Textarea label={t('description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <FileInput
          label={t('file')}
          placeholder={t('chooseFile')}
          accept="application/pdf,image/jpeg,image/png,image/webp,.docx,.xlsx"
          value={file}
          onChange={setFile}
          error={error}
          required
          data-testid="file-input"
        />
        <MultiSelect
          label={t('shareWith')}
          data={['user', 'teacher', 'location'].map((v) => ({ value: v, label: t(`audience.${v}`) }))}
          value={audience}
          onChange={setAudience}
        />
        <Checkbox label={t('publishNow')} checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
        <Button onClick={submit} loading={busy} disabled={!name.trim() || !file} data-testid="file-save">
          {t('save')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** /user/files and /user/students/:studentId/files: the published files shared with the family (or one child). */
export function UserFilesPage() {
  const { t } = useTranslation('documents');
  const { studentId } = useParams();
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [{ data, fetching }] = useQuery({ query: FilesQuery, variables: { student_id: studentId ?? null, page, first }, requestPolicy: 'cache-and-network' });
  const open = useOpenFile();
  const rows: FileRow[] = data?.filterFiles.data ?? [];
  return (
    <Stack gap="md" data-testid="user-files-page">
      <Title order={1} size="h2">
        {t('filesTitle')}
      </Title>
      <DataTable<FileRow>
        label={t('filesTitle')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.filterFiles.paginatorInfo ?? null, onPage: (p) => (setPage(p.page), setFirst(p.first)) }}
        columns={[
          { key: 'name', header: t('name'), render: (r) => <FileLink row={r} onOpen={open} /> },
          { key: 'description', header: t('description'), render: (r) => r.description ?? '' },
          { key: 'read', header: t('read'), render: (r) => (r.read ? <Badge variant="light">{t('read')}</Badge> : null) },
          { key: 'details', header: '', render: (r) => <Link to={paths.others.to({ otherId: r.id })}>{t('details')}</Link> },
        ]}
      />
    </Stack>
  );
}
