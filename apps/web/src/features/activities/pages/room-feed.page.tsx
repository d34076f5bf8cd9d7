import { Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { ApproveMutation, DeleteEntryMutation } from '../api/activities.mutation';
import { RoomFeedQuery } from '../api/activities.query';
import type { ActivityData } from '../api/fragments';
import { ActivityTimeline } from '../components/activity-timeline';
import { useActivitiesLocation } from '../hooks/use-location';
import { formatClock } from '../lib/formats';
import { QUICK_KINDS } from '../lib/kinds';
import { localNow } from '../lib/quick-entry';
import { kindLabel } from '../lib/summary';

const FEED_KINDS = [...QUICK_KINDS, 'check_in', 'check_out', 'health_check', 'absent'] as const;

/**
 * /room-feed: a room's day as a timeline (newest last), staff-only entries on a switch; managers
 * approve the entries waiting for them (where the location asks for approval) one by one or all.
 */
export function RoomFeedPage() {
  const { t } = useTranslation(['activities', 'shell']);
  const location = useActivitiesLocation();
  const viewer = useViewer();
  const mayApprove = roleAtLeast(viewer.role, 'manager') && viewer.permissions.includes('activities.manage');
  const [room, setRoom] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [staffOnly, setStaffOnly] = useState(false);
  const [type, setType] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const roomId = location.rooms.some((r) => r.id === room) ? room : (location.rooms[0]?.id ?? null);
  const today = localNow(location.timeZone).date;
  const day = date ?? today;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: RoomFeedQuery,
    variables: { id: roomId ?? '', date: day, staffOnly: staffOnly ? true : null, type },
    pause: !roomId,
    requestPolicy: 'cache-and-network',
  });
  const [approving, approve] = useMutation(ApproveMutation);
  const [, removeChild] = useMutation(DeleteEntryMutation);
  const entries = useMemo(() => data?.getRoomActivities ?? [], [data]);
  const pending = entries.filter((a) => a.status === 'pending');

  async function approveIds(ids: string[]) {
    if (ids.length === 0) return;
    const r = await approve({ id: ids });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.approveRoomActivities);
    setSelected(new Set());
    refetch({ requestPolicy: 'network-only' });
  }

  function takeOff(entry: ActivityData, student: ActivityData['students'][number]) {
    const what = t('activities:feed.removeWhat', {
      name: `${student.fname} ${student.lname}`,
      kind: kindLabel(entry, t),
      time: formatClock(entry.time),
    });
    confirmDelete(t, what, async () => {
      const r = await removeChild({ id: entry.id, student: student.id });
      if (reportMutationError(r.error, t)) return;
      if (r.data) showNotice(r.data.deleteDailyActivity);
      refetch({ requestPolicy: 'network-only' });
    });
  }

  if (!location.id)
    return (
      <Alert color="primary" variant="light">
        {t('activities:pickLocation')}
      </Alert>
    );

  return (
    <Stack gap="md" data-testid="room-feed">
      <div>
        <Title order={1} size="h2">
          {t('activities:feed.title')}
        </Title>
        <Text c="dimmed">{t('activities:feed.lead', { date: formatDay(day) })}</Text>
      </div>
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            size="md"
            label={t('activities:room')}
            data={location.rooms.map((r) => ({ value: r.id, label: r.name }))}
            value={roomId}
            onChange={(v) => {
              setRoom(v);
              setSelected(new Set());
            }}
            allowDeselect={false}
            w={220}
            data-testid="feed-room"
          />
          <TextInput
            size="md"
            type="date"
            label={t('activities:feed.date')}
            value={day}
            max={today}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setDate(v && v !== today ? v : null);
              setSelected(new Set());
            }}
            w={190}
            data-testid="feed-date"
          />
          <Select
            size="md"
            label={t('activities:feed.kind')}
            placeholder={t('activities:feed.allKinds')}
            data={FEED_KINDS.map((k) => ({ value: k, label: t(`activities:kinds.${k}`) }))}
            value={type}
            onChange={setType}
            clearable
            w={200}
            data-testid="feed-kind"
          />
          <Switch
            size="lg"
            label={t('activities:feed.staffOnly')}
            checked={staffOnly}
            onChange={(e) => setStaffOnly(e.currentTarget.checked)}
            mb={10}
            data-testid="feed-staff-only"
          />
        </Group>
      </Card>
      {mayApprove && pending.length > 0 ? (
        <Alert color="warning" variant="light" data-testid="feed-pending">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text>{t('activities:feed.pending', { count: pending.length })}</Text>
            <Group gap="xs">
              <Button
                size="md"
                variant="light"
                disabled={selected.size === 0}
                loading={approving.fetching}
                onClick={() => void approveIds([...selected])}
                data-testid="approve-selected"
              >
                {t('activities:feed.approveSelected', { count: selected.size })}
              </Button>
              <Button
                size="md"
                leftSection={<IconChecks size={18} aria-hidden />}
                loading={approving.fetching}
                onClick={() => void approveIds(pending.map((a) => a.id))}
                data-testid="approve-all"
              >
                {t('activities:feed.approveAll')}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        {error ? (
          <Alert color="danger" variant="light">
            {error.graphQLErrors.map((e) => e.message).join(' ') || t('activities:loadFailed')}
          </Alert>
        ) : fetching && !data ? (
          <Text c="dimmed">{t('activities:loading')}</Text>
        ) : (
          <ActivityTimeline
            entries={entries}
            testId="feed-timeline"
            onRemoveChild={takeOff}
            selection={
              mayApprove
                ? {
                    selected,
                    selectable: (a) => a.status === 'pending',
                    onToggle: (id) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (next.has(id)) next.delete(id);
                        else next.add(id);
                        return next;
                      }),
                  }
                : undefined
            }
          />
        )}
      </Card>
    </Stack>
  );
}
