import { Button, Card, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { currentLocation } from '../../../lib/current-location';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showMessage, showNotice } from '../../../lib/notices';
import { paths, type PathName } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { ApprovePhotoMutation, DeletePhotoMutation } from '../api/photos.mutation';
import { PhotosQuery, type PhotoData } from '../api/photos.query';
import { EditPhotoModal } from '../components/edit-photo-modal';
import { ImageTools } from '../components/image-tools';
import { PhotoGrid, type PhotoAction } from '../components/photo-grid';
import { PhotoLogsModal } from '../components/photo-logs-modal';
import { PhotoViewer } from '../components/photo-viewer';
import { ChildFilter } from '../components/tag-pickers';
import { UploadModal } from '../components/upload-modal';
import classes from '../components/photos.module.css';

export const ALBUMS = ['students', 'staff', 'facility'] as const;
export type Album = (typeof ALBUMS)[number];

const ALBUM_PATH: Record<Album, PathName> = { students: 'photosStudents', staff: 'photosStaff', facility: 'photosFacility' };
/** Photos per page of the gallery (a multiple of 2, 3, 4 and 6 columns). */
const PAGE_SIZE = 24;

interface Filters {
  student: string | null;
  status: string | null;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { student: null, status: null, from: '', to: '' };

/** /photos/students, /photos/staff, /photos/facility: one album of the current location. */
function AlbumPage({ album }: { album: Album }) {
  const { t } = useTranslation(['photos', 'common']);
  const navigate = useNavigate();
  const viewer = useViewer();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const mayWrite = viewer.permissions.includes('activities.manage');
  const manager = roleAtLeast(viewer.role, 'manager') && mayWrite;
  const mayConfigure = roleAtLeast(viewer.role, 'manager') && viewer.permissions.includes('settings.manage');

  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<PhotoData | null>(null);
  const [editing, setEditing] = useState<PhotoData | null>(null);
  const [logs, setLogs] = useState<PhotoData | null>(null);
  const [approving, setApproving] = useState(false);

  const variables = {
    album,
    location_id: location?.id ?? null,
    student: album === 'students' ? filters.student : null,
    status: filters.status,
    from: filters.from || null,
    to: filters.to || null,
    page,
    first: PAGE_SIZE,
  };
  const [{ data, fetching, error }, refetch] = useQuery({ query: PhotosQuery, variables });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [, approve] = useMutation(ApprovePhotoMutation);
  const [, remove] = useMutation(DeletePhotoMutation);

  const result = data?.getPhotos;
  const photos = useMemo(() => result?.data ?? [], [result]);
  const filtered = Boolean(filters.student || filters.status || filters.from || filters.to);
  const pendingHere = photos.filter((p) => p.status === 'pending').map((p) => p.id);

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };

  async function approveMany(ids: readonly string[]) {
    setApproving(true);
    let ok = 0;
    const failed: string[] = [];
    for (const id of ids) {
      const r = await approve({ id });
      if (r.data?.approvePhoto.status) ok += 1;
      else failed.push(r.error?.graphQLErrors[0]?.message ?? r.data?.approvePhoto.message ?? id);
    }
    setApproving(false);
    setSelected([]);
    if (ids.length === 1 && failed.length === 0) showMessage(t('photos:approve.one'), true);
    else if (ok) showMessage(t('photos:approve.many', { count: ok }), true);
    if (failed.length) showMessage(failed.join(' '), false);
    reload();
  }

  function actions(photo: PhotoData): PhotoAction[] {
    const list: PhotoAction[] = [];
    if (manager && photo.status === 'pending')
      list.push({ key: 'approve', label: t('photos:approve.action'), onClick: (p) => void approveMany([p.id]) });
    if (mayWrite) list.push({ key: 'edit', label: t('photos:edit.action'), onClick: setEditing });
    if (manager) list.push({ key: 'logs', label: t('photos:logs.action'), onClick: setLogs });
    if (mayWrite)
      list.push({
        key: 'delete',
        label: t('photos:delete.action'),
        color: 'danger',
        onClick: (p) =>
          confirmDelete(t, p.caption || t('photos:gallery.photo'), async () => {
            const r = await remove({ id: p.id });
            if (reportMutationError(r.error, t)) return;
            if (r.data?.deletePhoto) showNotice(r.data.deletePhoto);
            reload();
          }),
      });
    return list;
  }

  const toolbar = (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid="photos-total">
        {result ? t('photos:gallery.total', { count: result.paginatorInfo.total }) : ''}
      </Text>
      {manager && pendingHere.length ? (
        <Group gap="xs">
          <Button
            variant="default"
            size="md"
            className={classes.touch}
            onClick={() => setSelected(selected.length === pendingHere.length ? [] : pendingHere)}
            data-testid="photos-select-pending"
          >
            {selected.length === pendingHere.length ? t('photos:approve.clear') : t('photos:approve.selectPending')}
          </Button>
          <Button
            size="md"
            className={classes.touch}
            leftSection={<IconCheck size={18} aria-hidden />}
            disabled={selected.length === 0}
            loading={approving}
            onClick={() => void approveMany(selected)}
            data-testid="photos-approve-selected"
          >
            {t('photos:approve.selected', { count: selected.length })}
          </Button>
        </Group>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md" data-testid={`photos-${album}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('photos:title')}
          </Title>
          <Text c="dimmed">{location ? t('photos:lead', { location: location.name }) : t('photos:leadAll')}</Text>
        </div>
        {mayWrite ? (
          <Button
            size="md"
            className={classes.touch}
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => setUploading(true)}
            data-testid="photos-upload"
          >
            {t('photos:upload.open')}
          </Button>
        ) : null}
      </Group>
      <Tabs value={album} onChange={(value) => value && navigate(paths[ALBUM_PATH[value as Album]].to())} keepMounted={false}>
        <Tabs.List>
          {ALBUMS.map((a) => (
            <Tabs.Tab key={a} value={a} className={classes.touch} data-testid={`photos-tab-${a}`}>
              {t(`photos:albums.${a}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The album's content is the active tab's panel (the tab's aria-controls names it). */}
        <Tabs.Panel value={album} pt="md">
          <Stack>
            <Card withBorder radius="md" padding="sm">
              <Group gap="sm" align="flex-end" wrap="wrap">
                {album === 'students' ? (
                  <ChildFilter locationId={location?.id ?? null} value={filters.student} onChange={(student) => change({ student })} />
                ) : null}
                <Select
                  label={t('photos:filters.status')}
                  data={[
                    { value: 'all', label: t('photos:filters.allStatuses') },
                    { value: 'pending', label: t('photos:status.pending') },
                    { value: 'approved', label: t('photos:status.approved') },
                  ]}
                  value={filters.status ?? 'all'}
                  onChange={(v) => change({ status: v === 'all' || !v ? null : v })}
                  allowDeselect={false}
                  miw={160}
                  classNames={{ input: classes.touchInput }}
                  data-testid="photos-filter-status"
                />
                <TextInput
                  type="date"
                  label={t('photos:filters.from')}
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(e) => change({ from: e.currentTarget.value })}
                  classNames={{ input: classes.touchInput }}
                  data-testid="photos-filter-from"
                />
                <TextInput
                  type="date"
                  label={t('photos:filters.to')}
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(e) => change({ to: e.currentTarget.value })}
                  classNames={{ input: classes.touchInput }}
                  data-testid="photos-filter-to"
                />
                {filtered ? (
                  <Button variant="subtle" size="md" className={classes.touch} onClick={() => change(NO_FILTERS)}>
                    {t('photos:filters.clear')}
                  </Button>
                ) : null}
              </Group>
            </Card>
            {error ? (
              <Text c="danger" role="alert">
                {error.graphQLErrors[0]?.message ?? t('common:errors.network')}
              </Text>
            ) : null}
            <PhotoGrid
              photos={photos}
              loading={fetching}
              toolbar={toolbar}
              actions={mayWrite ? actions : undefined}
              selected={selected}
              selectable={(p) => p.status === 'pending'}
              onSelect={manager ? (id, on) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id))) : undefined}
              onOpen={setViewing}
              page={
                result ? { current: result.paginatorInfo.currentPage, last: result.paginatorInfo.lastPage, onChange: setPage } : undefined
              }
            />
            {mayConfigure ? <ImageTools /> : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <UploadModal opened={uploading} album={album} location={location} onClose={() => setUploading(false)} onSaved={reload} />
      <EditPhotoModal photo={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <PhotoLogsModal photo={logs} onClose={() => setLogs(null)} />
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

/** /photos opens the students album. */
export function PhotosPage() {
  return <Navigate to={paths.photosStudents.to()} replace />;
}

export function PhotosStudentsPage() {
  return <AlbumPage album="students" />;
}

export function PhotosStaffPage() {
  return <AlbumPage album="staff" />;
}

export function PhotosFacilityPage() {
  return <AlbumPage album="facility" />;
}
