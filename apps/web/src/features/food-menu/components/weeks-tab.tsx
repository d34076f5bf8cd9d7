import {
  DndContext,
  PointerSensor,
  KeyboardSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconClock, IconCopy, IconPlus, IconWand, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { formatDay } from '../../../lib/format';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  AutofillMutation,
  CopyWeekMutation,
  CreateWeekMutation,
  ItemsQuery,
  SaveDataMutation,
  SettingsMutation,
  WeekDataQuery,
  WeeksQuery,
} from '../api/food-menu.graphql';
import { addDays, formatClock, mondayOf, todayAt } from '../lib/dates';
import classes from './food-menu.module.css';
import { SlotsModal } from './slots-modal';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const key = (day: number, slot: string) => `${day}:${slot}`;

function PaletteChip({ id, name }: { id: string; name: string }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `palette:${id}`, data: { item: id } });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 } : undefined;
  return (
    <Badge
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      style={style}
      variant={isDragging ? 'filled' : 'light'}
      size="lg"
      className={classes.chip}
    >
      {name}
    </Badge>
  );
}

function CellItem({ cellKey, id, name, onRemove, label }: { cellKey: string; id: string; name: string; onRemove(): void; label: string }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: `cell:${cellKey}:${id}`, data: { item: id, from: cellKey } });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 } : undefined;
  return (
    <Group gap={2} wrap="nowrap" className={classes.cellItem} style={style}>
      <Text size="sm" ref={setNodeRef} {...attributes} {...listeners} className={classes.grab}>
        {name}
      </Text>
      <ActionIcon size="sm" variant="subtle" color="gray" aria-label={label} onClick={onRemove}>
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}

function Cell({ cellKey, children }: { cellKey: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: cellKey });
  return (
    <div ref={setNodeRef} className={isOver ? `${classes.cell} ${classes.over}` : classes.cell} data-testid={`menu-cell-${cellKey}`}>
      {children}
    </div>
  );
}

/** The weeks of the location: pick one, plan its days × meal slots by dragging items, copy, autofill, current week and rotation. */
export function WeeksTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['foodMenu', 'common']);
  const [{ data: weeksData }, refetchWeeks] = useQuery({
    query: WeeksQuery,
    variables: { location: locationId },
    requestPolicy: 'cache-and-network',
  });
  const weeks = weeksData?.getFoodMenuWeeks.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const weekId = weeks.some((w) => w.id === picked) ? picked : (weeks.find((w) => w.current_week)?.id ?? weeks[0]?.id ?? null);
  const [{ data, fetching }, refetch] = useQuery({
    query: WeekDataQuery,
    variables: { week: weekId ?? '' },
    pause: !weekId,
    requestPolicy: 'cache-and-network',
  });
  const [{ data: itemData }] = useQuery({
    query: ItemsQuery,
    variables: { location: locationId, page: 1, first: 100 },
    requestPolicy: 'cache-and-network',
  });
  const items = useMemo(() => itemData?.getFoodMenuItems.data ?? [], [itemData]);
  const names = useMemo(() => new Map(items.map((i) => [i.id, i.name])), [items]);
  const week = data?.getFoodMenuWeekData;
  const [cells, setCells] = useState<Record<string, string[]>>({});
  const [dirty, setDirty] = useState(false);
  const [{ fetching: saving }, saveData] = useMutation(SaveDataMutation);
  const [{ fetching: filling }, autofill] = useMutation(AutofillMutation);
  const [, saveSettings] = useMutation(SettingsMutation);
  const [, createWeek] = useMutation(CreateWeekMutation);
  const [, copyWeek] = useMutation(CopyWeekMutation);
  const [dialog, setDialog] = useState<{ mode: 'new' | 'copy'; name: string; date: string; error?: Record<string, string> } | null>(null);
  const [slotsOpen, setSlotsOpen] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  useEffect(() => {
    if (!week || dirty) return;
    const next: Record<string, string[]> = {};
    for (const c of week.cells) next[key(c.day, c.slot_id)] = c.items.map((i) => i.id);
    setCells(next);
  }, [week, dirty]);

  const days = useMemo(() => [...new Set([0, 1, 2, 3, 4, ...(week?.cells.map((c) => c.day) ?? [])])].sort(), [week]);
  const serverCell = useMemo(() => new Map((week?.cells ?? []).map((c) => [key(c.day, c.slot_id), c])), [week]);

  function change(next: Record<string, string[]>) {
    setCells(next);
    setDirty(true);
  }

  function onDragEnd(e: DragEndEvent) {
    const item = e.active.data.current?.item as string | undefined;
    const from = e.active.data.current?.from as string | undefined;
    const to = e.over?.id ? String(e.over.id) : null;
    if (!item || !to || from === to) return;
    const next = { ...cells };
    if (from) next[from] = (next[from] ?? []).filter((i) => i !== item);
    if (!(next[to] ?? []).includes(item)) next[to] = [...(next[to] ?? []), item];
    change(next);
  }

  async function save() {
    if (!weekId) return;
    const payload = Object.entries(cells)
      .filter(([, ids]) => ids.length)
      .map(([k, ids]) => ({ day: Number(k.split(':')[0]), slot_id: k.split(':')[1]!, items: ids }));
    const r = await saveData({ week: weekId, cells: payload });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.saveFoodMenuWeekData);
    setDirty(false);
    refetch({ requestPolicy: 'network-only' });
  }

  async function fill() {
    if (!weekId) return;
    const r = await autofill({ week: weekId });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.autofillFoodMenu);
    setDirty(false);
    refetch({ requestPolicy: 'network-only' });
  }

  async function settings(rotate: boolean) {
    if (!weekId) return;
    const r = await saveSettings({ week: weekId, rotate });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.saveFoodMenuSettings);
    refetchWeeks({ requestPolicy: 'network-only' });
    refetch({ requestPolicy: 'network-only' });
  }

  async function submitDialog() {
    if (!dialog) return;
    const r =
      dialog.mode === 'new'
        ? await createWeek({ location: locationId, name: dialog.name, date: dialog.date, status: 'published' })
        : await copyWeek({ week: weekId ?? '', name: dialog.name, date: dialog.date });
    if (r.error) {
      const byField = fieldErrors(r.error);
      if (Object.keys(byField).length) setDialog({ ...dialog, error: byField });
      else reportMutationError(r.error, t);
      return;
    }
    const result = r.data && ('createFoodMenuWeek' in r.data ? r.data.createFoodMenuWeek : r.data.copyFoodMenuWeek);
    if (result) {
      showNotice(result);
      if (result.week) setPicked(result.week.id);
    }
    setDialog(null);
    setDirty(false);
    refetchWeeks({ requestPolicy: 'network-only' });
  }

  const nextMonday = addDays(mondayOf(todayAt(null)), 7 * (weeks.length || 1));
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('weeks.week')}
          data={weeks.map((w) => ({
            value: w.id,
            label: `${w.name} · ${formatDay(w.date)}${w.current_week ? ` · ${t('weeks.current')}` : ''}`,
          }))}
          value={weekId}
          onChange={(v) => (setPicked(v), setDirty(false))}
          allowDeselect={false}
          w={{ base: '100%', sm: 300 }}
          data-testid="menu-week-select"
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ mode: 'new', name: t('weeks.defaultName', { n: weeks.length + 1 }), date: nextMonday })}
        >
          {t('weeks.add')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          disabled={!weekId}
          onClick={() => setDialog({ mode: 'copy', name: `${week?.week.name ?? ''} (2)`, date: nextMonday })}
          data-testid="menu-copy-week"
        >
          {t('weeks.copy')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconWand size={16} />}
          disabled={!weekId}
          loading={filling}
          onClick={fill}
          data-testid="menu-autofill"
        >
          {t('weeks.autofill')}
        </Button>
        <Button variant="default" leftSection={<IconClock size={16} />} onClick={() => setSlotsOpen(true)}>
          {t('slots.title')}
        </Button>
      </Group>
      {week ? (
        <Group gap="md" wrap="wrap">
          <Button
            size="xs"
            variant={week.week.current_week ? 'light' : 'default'}
            onClick={() => settings(week.rotate)}
            disabled={week.week.current_week}
          >
            {week.week.current_week ? t('weeks.isCurrent') : t('weeks.makeCurrent')}
          </Button>
          <Switch
            label={t('weeks.rotate')}
            checked={week.rotate}
            onChange={(e) => settings(e.currentTarget.checked)}
            data-testid="menu-rotate"
          />
        </Group>
      ) : null}
      {!weekId && !fetching ? <Alert>{t('weeks.none')}</Alert> : null}
      {week ? (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <Card withBorder padding="sm">
            <Text size="sm" fw={600} mb={6}>
              {t('weeks.palette')}
            </Text>
            <ScrollArea.Autosize mah={140}>
              <Group gap={6}>
                {items
                  .filter((i) => i.status === 'active')
                  .map((i) => (
                    <PaletteChip key={i.id} id={i.id} name={i.name} />
                  ))}
              </Group>
            </ScrollArea.Autosize>
          </Card>
          <Table.ScrollContainer minWidth={720}>
            <Table withTableBorder withColumnBorders className={classes.grid} aria-label={t('weeks.grid')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('weeks.slot')}</Table.Th>
                  {days.map((d) => (
                    <Table.Th key={d}>
                      {t(`days.${DAYS[d]}`)}{' '}
                      <Text span size="xs" c="dimmed">
                        {formatDay(addDays(week.week.date, d))}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {week.slots.map((slot) => (
                  <Table.Tr key={slot.id}>
                    <Table.Th scope="row">
                      <Text size="sm" fw={600}>
                        {slot.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatClock(slot.start_time)}–{formatClock(slot.end_time)}
                      </Text>
                    </Table.Th>
                    {days.map((d) => {
                      const k = key(d, slot.id);
                      const server = dirty ? undefined : serverCell.get(k);
                      const ids = cells[k] ?? [];
                      return (
                        <Table.Td key={k} className={classes.td}>
                          <Cell cellKey={k}>
                            {ids.map((id) => (
                              <CellItem
                                key={id}
                                cellKey={k}
                                id={id}
                                name={names.get(id) ?? '…'}
                                label={t('weeks.remove', { name: names.get(id) ?? '' })}
                                onRemove={() => change({ ...cells, [k]: ids.filter((x) => x !== id) })}
                              />
                            ))}
                            <Select
                              size="xs"
                              placeholder={t('weeks.addItem')}
                              aria-label={t('weeks.addItemTo', { slot: slot.name, day: t(`days.${DAYS[d]}`) })}
                              data={items
                                .filter((i) => i.status === 'active' && !ids.includes(i.id))
                                .map((i) => ({ value: i.id, label: i.name }))}
                              value={null}
                              searchable
                              onChange={(v) => v && change({ ...cells, [k]: [...ids, v] })}
                            />
                            {server?.clashes.length ? (
                              <Tooltip
                                label={server.clashes.map((c) => `${c.student_name}: ${c.allergy} (${c.item})`).join(' · ')}
                                multiline
                                w={260}
                              >
                                <Badge color="danger" variant="light" leftSection={<IconAlertTriangle size={12} />} data-testid="menu-clash">
                                  {t('weeks.clashes', { count: server.clashes.length })}
                                </Badge>
                              </Tooltip>
                            ) : null}
                            {server?.warnings.map((w) => (
                              <Text key={w} size="xs" c="orange.8">
                                {w}
                              </Text>
                            ))}
                          </Cell>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {week.slots.length === 0 ? <Alert>{t('weeks.noSlots')}</Alert> : null}
          <Group justify="flex-end">
            <Button onClick={save} loading={saving} disabled={!dirty} data-testid="menu-save">
              {t('weeks.save')}
            </Button>
          </Group>
        </DndContext>
      ) : null}
      <SlotsModal
        locationId={locationId}
        opened={slotsOpen}
        onClose={() => {
          setSlotsOpen(false);
          refetch({ requestPolicy: 'network-only' });
        }}
      />
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog?.mode === 'copy' ? t('weeks.copy') : t('weeks.add')}>
        {dialog ? (
          <Stack gap="sm">
            <TextInput
              label={t('weeks.name')}
              value={dialog.name}
              onChange={(e) => setDialog({ ...dialog, name: e.currentTarget.value })}
              error={dialog.error?.name}
            />
            <TextInput
              type="date"
              label={t('weeks.monday')}
              value={dialog.date}
              onChange={(e) => setDialog({ ...dialog, date: e.currentTarget.value })}
              error={dialog.error?.date}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={submitDialog} data-testid="menu-week-submit">
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
