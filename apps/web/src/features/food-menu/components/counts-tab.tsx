import { Alert, Badge, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { RosterQuery, SaveCountMutation, SlotsQuery } from '../api/food-menu.graphql';
import { formatClock, todayAt } from '../lib/dates';
import classes from './food-menu.module.css';

/**
 * Point-of-service meal counts for a tablet: the room's children with who is checked in, a large
 * (48 px) toggle per child, allergy clashes with today's items, saved per slot.
 */
export function CountsTab({
  locationId,
  timeZone,
  rooms,
}: {
  locationId: string;
  timeZone: string | null;
  rooms: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation(['foodMenu', 'common', 'shell']);
  const [room, setRoom] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [date, setDate] = useState<string>(todayAt(timeZone));
  const [{ data: slotData }] = useQuery({ query: SlotsQuery, variables: { location: locationId } });
  const slots = slotData?.getMealSlots ?? [];
  const roomId = rooms.some((r) => r.id === room) ? room : (rooms[0]?.id ?? null);
  const slotId = slots.some((s) => s.id === slot) ? slot : (slots[0]?.id ?? null);
  const [{ data, fetching }, refetch] = useQuery({
    query: RosterQuery,
    variables: { program: roomId ?? '', date, slot: slotId ?? '' },
    pause: !roomId || !slotId,
    requestPolicy: 'cache-and-network',
  });
  const roster = data?.getMealCountRoster;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  // A phone stacks the slots; a tablet shows them side by side.
  const narrow = useMediaQuery('(max-width: 40em)');
  const [{ fetching: saving }, save] = useMutation(SaveCountMutation);

  useEffect(() => {
    if (!roster) return;
    setTicked(new Set(roster.count ? roster.children.filter((c) => c.counted).map((c) => c.id) : []));
  }, [roster]);

  async function submit() {
    if (!roomId || !slotId) return;
    const r = await save({ program: roomId, date, slot: slotId, students: [...ticked] });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.saveMealCount);
    refetch({ requestPolicy: 'network-only' });
  }

  const toggle = (id: string) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const present = roster?.children.filter((c) => c.checked_in) ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('counts.room')}
          data={rooms.map((r) => ({ value: r.id, label: r.name }))}
          value={roomId}
          onChange={setRoom}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          data-testid="count-room"
        />
        <TextInput
          type="date"
          label={t('counts.date')}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      {slots.length ? (
        <SegmentedControl
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          size="md"
          value={slotId ?? ''}
          onChange={setSlot}
          data={slots.map((s) => ({ value: s.id, label: `${s.name} ${formatClock(s.start_time)}` }))}
          data-testid="count-slots"
        />
      ) : (
        <Alert>{t('weeks.noSlots')}</Alert>
      )}
      {roster?.items.length ? (
        <Text size="sm">
          <b>{t('counts.menu')}:</b> {roster.items.map((i) => i.name).join(', ')}
        </Text>
      ) : null}
      {roster?.count ? (
        <Badge color={roster.count.late ? 'orange' : 'green'} variant="light">
          {roster.count.late ? t('counts.savedLate') : t('counts.saved')}
        </Badge>
      ) : null}
      {roster && roster.children.length === 0 ? <Text c="dimmed">{t('shell:table.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {roster?.children.map((c) => {
          const on = ticked.has(c.id);
          return (
            <Button
              key={c.id}
              variant={on ? 'filled' : 'default'}
              color={on ? 'green' : undefined}
              className={classes.rosterButton}
              onClick={() => toggle(c.id)}
              aria-pressed={on}
              leftSection={on ? <IconCheck size={20} /> : null}
              data-testid={`count-child-${c.id}`}
              disabled={fetching}
            >
              <Stack gap={0} align="flex-start">
                <Text fw={600} size="md">
                  {c.fname} {c.lname}
                </Text>
                <Group gap={4}>
                  {!c.checked_in ? (
                    <Badge size="xs" color="gray">
                      {t('counts.notCheckedIn')}
                    </Badge>
                  ) : null}
                  {c.clashes.map((a) => (
                    <Badge key={a} size="xs" color="danger" leftSection={<IconAlertTriangle size={10} />}>
                      {a}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
      {roster ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Button variant="default" size="md" onClick={() => setTicked(new Set(present.map((c) => c.id)))}>
              {t('counts.tickPresent', { count: present.length })}
            </Button>
            <Text size="sm">{t('counts.ticked', { count: ticked.size })}</Text>
          </Group>
          <Button size="md" onClick={submit} loading={saving} data-testid="count-save">
            {t('counts.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
