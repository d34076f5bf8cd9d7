import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCamera, IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { readJson, writeJson } from '../../../lib/local-store';
import { showMessage } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { CheckedInQuery, ChildMedicationsQuery } from '../api/activities.query';
import classes from '../components/activities.module.css';
import { KindFields } from '../components/kind-fields';
import { KindIcon } from '../components/kind-icon';
import { useEntrySender } from '../hooks/use-entry-sender';
import { useActivitiesLocation } from '../hooks/use-location';
import {
  QUICK_KINDS,
  isMediaKind,
  missingFields,
  prefill,
  remember,
  toVariables,
  type EntryValues,
  type LastValues,
  type QuickKind,
} from '../lib/kinds';
import { MEDIA_ACCEPT, type LoadMediaUpload } from '../lib/media';
import { localNow, selectedChildren, toggleDropped } from '../lib/quick-entry';
import { newRequestId } from '../lib/request-id';

interface Remembered {
  room?: string | null;
  last?: LastValues;
}

const isRemembered = (v: unknown): v is Remembered => typeof v === 'object' && v !== null;

/** The medications every chosen child has (a medication entry must be on each child's list). */
function useSharedMedications(students: readonly string[], enabled: boolean) {
  const client = useClient();
  const [list, setList] = useState<{ id: string; name: string }[]>([]);
  const key = students.join(',');
  useEffect(() => {
    if (!enabled || students.length === 0) {
      setList([]);
      return;
    }
    let live = true;
    void Promise.all(students.map((id) => client.query(ChildMedicationsQuery, { id }).toPromise())).then((results) => {
      if (!live) return;
      const lists = results.map((r) => r.data?.student?.medications ?? []);
      const [first = [], ...rest] = lists;
      setList(first.filter((m) => rest.every((l) => l.some((x) => x.id === m.id))));
    });
    return () => {
      live = false;
    };
    // The children's ids as one key: a new array with the same children asks nothing again.
  }, [client, enabled, key]);
  return list;
}

/**
 * /activities: quick entry on a classroom tablet. Choose the kind; the room's checked-in children
 * are chosen already (tap one to leave them out) and the kind's usual values are filled in (the
 * time now, the last portion…), so one entry for the whole room is the kind and Save. Each save
 * carries its own request_id; without a connection the entry waits on the tablet and goes when
 * the connection is back.
 */
type MediaStep = { phase: 'uploading' | 'checking' | 'saving'; progress: number };

export function QuickEntryPage({ loadMediaUpload }: { loadMediaUpload?: LoadMediaUpload }) {
  // `photos` and `common`: the photos area's upload answers in their words.
  const { t } = useTranslation(['activities', 'shell', 'photos', 'common']);
  const client = useClient();
  const location = useActivitiesLocation();
  const viewer = useViewer();
  const sender = useEntrySender();
  const [stored, setStored] = useState<Remembered>(() => readJson(STORAGE_KEYS.activityLast, isRemembered) ?? {});
  const [room, setRoom] = useState<string | null>(stored.room ?? null);
  const [kind, setKind] = useState<QuickKind | null>(null);
  const [values, setValues] = useState<EntryValues | null>(null);
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());
  const [requestId, setRequestId] = useState(newRequestId);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState<MediaStep | null>(null);
  // Photo and video tiles only where the photos area's upload is handed in.
  const kinds = loadMediaUpload ? QUICK_KINDS : QUICK_KINDS.filter((k) => !isMediaKind(k));

  useEffect(() => {
    const on = () => setOffline(false);
    const off = () => setOffline(true);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  // The remembered room when it is one of this location's, else the first.
  const rooms = location.rooms;
  const roomId = rooms.some((r) => r.id === room) ? room : (rooms[0]?.id ?? null);
  const [{ data, fetching }, refetch] = useQuery({
    query: CheckedInQuery,
    variables: { location_id: location.id ?? '', program_id: roomId },
    pause: !location.id || !roomId,
    requestPolicy: 'cache-and-network',
  });
  const children = useMemo(() => data?.getStudentsAfterCheckInLocation.data ?? [], [data]);
  const chosen = selectedChildren(children, dropped);
  const medications = useSharedMedications(chosen, kind === 'medication');
  const now = () => localNow(location.timeZone);

  function keep(next: Remembered) {
    setStored(next);
    writeJson(STORAGE_KEYS.activityLast, next);
  }

  function pickKind(next: QuickKind) {
    setKind(next);
    setValues(prefill(next, now().time, stored.last ?? {}, viewer.user?.full_name ?? ''));
    setTried(false);
    setRequestId(newRequestId());
    setFile(null);
  }

  const missing = kind && values ? missingFields(kind, values) : [];
  const needsFile = Boolean(kind && isMediaKind(kind) && !file);
  const ready = Boolean(kind && values && chosen.length > 0 && missing.length === 0 && roomId && !needsFile);

  /** A photo or video entry: the file into the students album, tagged with the entry's children; its id, or null (told why). */
  async function uploadMedia(entry: EntryValues): Promise<string | null> {
    if (!file || !loadMediaUpload || !location.id) return null;
    if (offline) {
      showMessage(t('activities:media.offline'), false);
      return null;
    }
    setMedia({ phase: 'uploading', progress: 0 });
    const upload = await loadMediaUpload();
    const caption = entry.title?.trim() || null;
    const result = await upload(
      client,
      file,
      { album: 'students', location_id: location.id, caption, students: [...chosen], staff: [] },
      {
        t,
        onPhase: (phase) => setMedia((m) => ({ phase, progress: phase === 'uploading' ? (m?.progress ?? 0) : 1 })),
        onProgress: (progress) => setMedia({ phase: 'uploading', progress }),
      },
    );
    setMedia(null);
    if (!result.ok) {
      showMessage(result.message, false);
      return null;
    }
    return result.photo.id;
  }

  async function save() {
    if (!kind || !values || busy) return;
    setTried(true);
    if (!ready) return;
    setBusy(true);
    let entry = values;
    if (isMediaKind(kind)) {
      // A retried save keeps the photo already uploaded (and its request_id).
      const photo = values.photo ?? (await uploadMedia(values));
      if (!photo) {
        setBusy(false);
        return;
      }
      entry = { ...values, photo };
      setValues(entry);
    }
    const variables = toVariables(kind, entry, { room: roomId, date: now().date, students: chosen, request_id: requestId });
    const outcome = await sender.save(kind, variables);
    setBusy(false);
    if (outcome === 'refused') return;
    showMessage(
      outcome === 'saved' ? t('activities:quick.saved', { count: chosen.length }) : t('activities:quick.queued', { count: chosen.length }),
      true,
    );
    keep({ ...stored, room: roomId, last: remember(kind, values, stored.last ?? {}) });
    // Ready for the next entry of the same kind: fresh values, every child back, a new request_id.
    setValues(prefill(kind, now().time, remember(kind, values, stored.last ?? {}), viewer.user?.full_name ?? ''));
    setDropped(new Set());
    setTried(false);
    setRequestId(newRequestId());
    setFile(null);
  }

  if (!location.id)
    return (
      <Alert color="primary" variant="light" data-testid="activities-no-location">
        {t('activities:pickLocation')}
      </Alert>
    );

  return (
    <Stack gap="md" data-testid="quick-entry">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('activities:quick.title')}
          </Title>
          <Text c="dimmed">{t('activities:quick.lead')}</Text>
        </div>
        <Group gap="xs">
          {offline ? (
            <Badge size="lg" color="warning" leftSection={<IconWifiOff size={14} aria-hidden />} data-testid="offline">
              {t('activities:queue.offline')}
            </Badge>
          ) : null}
          {sender.queued > 0 ? (
            <Button
              size="md"
              variant="light"
              color="warning"
              leftSection={<IconCloudUpload size={18} aria-hidden />}
              onClick={() => void sender.flush()}
              disabled={offline}
              data-testid="queue-count"
              data-count={sender.queued}
            >
              {t('activities:queue.waiting', { count: sender.queued })}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Select
        size="lg"
        label={t('activities:room')}
        data={rooms.map((r) => ({ value: r.id, label: r.name }))}
        value={roomId}
        onChange={(value) => {
          setRoom(value);
          setDropped(new Set());
          keep({ ...stored, room: value });
        }}
        allowDeselect={false}
        maw={420}
        data-testid="entry-room"
      />

      <div role="group" aria-label={t('activities:quick.kind')} className={classes.tiles} data-testid="kind-tiles">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            className={classes.tile}
            data-active={kind === k || undefined}
            aria-pressed={kind === k}
            onClick={() => pickKind(k)}
            data-testid={`kind-${k}`}
          >
            <KindIcon kind={k} size={28} />
            {t(`activities:kinds.${k}`)}
          </button>
        ))}
      </div>

      {kind && values ? (
        <Card withBorder radius="md" padding="lg" data-testid="entry-form" data-kind={kind}>
          <Stack gap="md">
            <div>
              <Group justify="space-between" mb={4}>
                <Text fw={600}>{t('activities:quick.children', { count: chosen.length, total: children.length })}</Text>
                {dropped.size > 0 ? (
                  <Button variant="subtle" size="md" onClick={() => setDropped(new Set())} data-testid="children-all">
                    {t('activities:quick.everyone')}
                  </Button>
                ) : null}
              </Group>
              {children.length === 0 ? (
                <Text c="dimmed" data-testid="no-children">
                  {fetching ? t('activities:quick.loadingChildren') : t('activities:quick.noneCheckedIn')}
                </Text>
              ) : (
                <div className={classes.children} role="group" aria-label={t('activities:quick.childrenLabel')}>
                  {children.map((c) => {
                    const on = !dropped.has(c.id);
                    return (
                      <button
                        key={c.id}
                        type="button"
                        className={classes.child}
                        aria-pressed={on}
                        onClick={() => setDropped((d) => toggleDropped(d, c.id))}
                        data-testid={`child-${c.id}`}
                      >
                        {c.full_name}
                      </button>
                    );
                  })}
                </div>
              )}
              {tried && chosen.length === 0 ? (
                <Text c="danger" size="sm" mt={4}>
                  {t('activities:quick.chooseChild')}
                </Text>
              ) : null}
            </div>

            {isMediaKind(kind) ? (
              <Stack gap="xs" data-testid="entry-media">
                <Group gap="sm" wrap="wrap">
                  <FileButton
                    onChange={(f) => {
                      setFile(f);
                      setValues((v) => (v ? { ...v, photo: null } : v));
                    }}
                    accept={MEDIA_ACCEPT[kind as 'photo' | 'video']}
                    inputProps={{ 'data-testid': 'entry-file' } as Record<string, string>}
                  >
                    {(props) => (
                      <Button {...props} size="lg" variant={file ? 'light' : 'filled'} leftSection={<IconCamera size={20} aria-hidden />}>
                        {file
                          ? t('activities:media.change')
                          : t(kind === 'video' ? 'activities:media.chooseVideo' : 'activities:media.choosePhoto')}
                      </Button>
                    )}
                  </FileButton>
                  {file ? (
                    <Text size="sm" data-testid="entry-file-name">
                      {file.name}
                    </Text>
                  ) : null}
                </Group>
                {tried && !file ? (
                  <Text c="danger" size="sm">
                    {t('activities:media.needed')}
                  </Text>
                ) : null}
                {media ? (
                  <Stack gap={4} data-testid="entry-media-progress" data-phase={media.phase}>
                    <Text size="sm">
                      {media.phase === 'uploading'
                        ? t('activities:media.uploading', { percent: Math.round(media.progress * 100) })
                        : t(`activities:media.${media.phase}`)}
                    </Text>
                    <Progress
                      value={media.progress * 100}
                      aria-label={t('activities:media.uploading', { percent: Math.round(media.progress * 100) })}
                    />
                  </Stack>
                ) : null}
                <TextInput
                  size="lg"
                  label={t('activities:media.caption')}
                  value={values.title ?? ''}
                  onChange={(e) => {
                    const title = e.currentTarget.value;
                    setValues((v) => (v ? { ...v, title } : v));
                  }}
                  data-testid="field-caption"
                />
              </Stack>
            ) : null}

            <KindFields
              kind={kind}
              values={values}
              onChange={(patch) => setValues((v) => (v ? { ...v, ...patch } : v))}
              missing={tried ? missing : []}
              medications={medications}
            />

            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                size="lg"
                type="time"
                label={t('activities:fields.time')}
                value={values.time}
                onChange={(e) => {
                  const time = e.currentTarget.value;
                  setValues((v) => (v ? { ...v, time } : v));
                }}
                error={tried && missing.includes('time') ? t('activities:fields.needed.time') : undefined}
                miw={160}
                data-testid="field-time"
              />
              <Switch
                size="lg"
                mt={36}
                label={t('activities:fields.staffOnly')}
                checked={values.staffOnly}
                onChange={(e) => {
                  const staffOnly = e.currentTarget.checked;
                  setValues((v) => (v ? { ...v, staffOnly } : v));
                }}
                data-testid="field-staffOnly"
              />
            </Group>
            <Textarea
              size="lg"
              label={t(kind === 'note' ? 'activities:fields.noteRequired' : 'activities:fields.note')}
              value={values.note}
              onChange={(e) => {
                const note = e.currentTarget.value;
                setValues((v) => (v ? { ...v, note } : v));
              }}
              error={tried && missing.includes('note') ? t('activities:fields.needed.note') : undefined}
              withAsterisk={kind === 'note'}
              autosize
              minRows={2}
              data-testid="field-note"
            />
            <Button size="xl" onClick={() => void save()} loading={busy} disabled={chosen.length === 0} data-testid="entry-save">
              {t('activities:quick.save', { count: chosen.length })}
            </Button>
            <Button variant="subtle" size="md" onClick={() => void refetch({ requestPolicy: 'network-only' })}>
              {t('activities:quick.refreshChildren')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed">{t('activities:quick.chooseKind')}</Text>
      )}
    </Stack>
  );
}
