import { Button, Chip, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { fieldErrors, hasErrorCode } from '../../../lib/graphql-errors';
import { showMessage, showNotice } from '../../../lib/notices';
import { CreateEventMutation, DeleteEventMutation, UpdateEventMutation } from '../api/calendar.mutation';
import { WEEKDAYS, addDays, type SeriesScope } from '../lib/dates';

export interface DialogEvent {
  id: string;
  name: string;
  details: string | null;
  date: string;
  start_time: string | null;
  end_time: string | null;
  full_day: boolean;
  recursing: boolean;
  recursive_id: string | null;
  days: string[];
  until: string | null;
  calendar_id: string;
  programs: { id: string }[];
}

interface Props {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** An occurrence to change, or the day to add an event on. */
  event: DialogEvent | null;
  date: string;
  calendars: { id: string; name: string; is_public: boolean }[];
  rooms: { id: string; name: string }[];
}

interface Form {
  name: string;
  calendar: string | null;
  details: string;
  date: string;
  full_day: boolean;
  start_time: string;
  end_time: string;
  recursing: boolean;
  days: string[];
  until: string;
  programs: string[];
}

const blank = (date: string, calendar: string | null): Form => ({
  name: '',
  calendar,
  details: '',
  date,
  full_day: false,
  start_time: '09:00',
  end_time: '10:00',
  recursing: false,
  days: [],
  until: addDays(date, 27),
  programs: [],
});

/** Create or change an event; on an occurrence of a series, the change or delete applies to this, the following or all occurrences. */
export function EventDialog({ opened, onClose, onSaved, event, date, calendars, rooms }: Props) {
  const { t } = useTranslation('calendar');
  const [form, setForm] = useState<Form>(() => blank(date, calendars[0]?.id ?? null));
  const [scope, setScope] = useState<SeriesScope>('this');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [created, create] = useMutation(CreateEventMutation);
  const [updated, update] = useMutation(UpdateEventMutation);
  const [deleted, remove] = useMutation(DeleteEventMutation);
  const busy = created.fetching || updated.fetching || deleted.fetching;
  const series = Boolean(event?.recursive_id);

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setScope('this');
    setConfirmDelete(false);
    setForm(
      event
        ? {
            name: event.name,
            calendar: event.calendar_id,
            details: event.details ?? '',
            date: event.date,
            full_day: event.full_day,
            start_time: event.start_time ?? '09:00',
            end_time: event.end_time ?? '10:00',
            recursing: event.recursing,
            days: event.days,
            until: event.until ?? addDays(event.date, 27),
            programs: event.programs.map((p) => p.id),
          }
        : blank(date, calendars[0]?.id ?? null),
    );
  }, [opened, event, date, calendars]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  function handle(
    result: { error?: Parameters<typeof fieldErrors>[0]; data?: unknown },
    notice?: { status: boolean; message: string; color: string } | null,
  ) {
    if (result.error) {
      const byField = fieldErrors(result.error);
      setErrors(byField);
      if (hasErrorCode(result.error, 'FORBIDDEN')) showMessage(t('common:errors.forbidden'), false);
      else if (Object.keys(byField).length === 0)
        showMessage(result.error.graphQLErrors.map((e) => e.message).join(' ') || t('common:errors.network'), false);
      return;
    }
    if (notice) showNotice(notice);
    onSaved();
    onClose();
  }

  async function save() {
    setErrors({});
    const times = form.full_day ? { start_time: null, end_time: null } : { start_time: form.start_time, end_time: form.end_time };
    const common = {
      name: form.name,
      calendar: form.calendar,
      details: form.details,
      full_day: form.full_day,
      ...times,
      programs: form.programs,
    };
    if (!event) {
      const r = await create({
        ...common,
        date: form.date,
        recursing: form.recursing,
        days: form.recursing ? form.days : null,
        until: form.recursing ? form.until : null,
      });
      handle(r, r.data?.createEvent);
    } else {
      const seriesArgs = series && scope !== 'this' ? { days: form.days, until: form.until } : {};
      const r = await update({ id: event.id, scope, ...common, date: scope === 'this' ? form.date : null, ...seriesArgs });
      handle(r, r.data?.updateEvent);
    }
  }

  async function del() {
    if (!event) return;
    const r = await remove({ id: event.id, scope });
    handle(r, r.data?.deleteEvent);
  }

  const showSeries = event ? series && scope !== 'this' : form.recursing;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={event ? t('dialog.editTitle') : t('dialog.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="event-dialog"
    >
      <Stack gap="sm">
        {series ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('dialog.scope')}
            </Text>
            <SegmentedControl
              value={scope}
              onChange={(v) => setScope(v as SeriesScope)}
              data={(['this', 'following', 'all'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
              data-testid="event-scope"
              fullWidth
            />
          </Stack>
        ) : null}
        <TextInput
          label={t('fields.name')}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          required
          data-testid="event-name"
        />
        <Select
          label={t('fields.calendar')}
          data={calendars.map((c) => ({ value: c.id, label: c.is_public ? c.name : `${c.name} (${t('staffOnly')})` }))}
          value={form.calendar}
          onChange={(v) => set('calendar', v)}
          error={errors.calendar}
          required
          data-testid="event-calendar"
        />
        <Textarea
          label={t('fields.details')}
          value={form.details}
          onChange={(e) => set('details', e.currentTarget.value)}
          error={errors.details}
          autosize
          minRows={2}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={showSeries ? t('fields.firstDay') : t('fields.date')}
            value={form.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            error={errors.date}
            disabled={Boolean(event && scope !== 'this')}
            data-testid="event-date"
          />
          <Switch
            mt={30}
            label={t('fields.fullDay')}
            checked={form.full_day}
            onChange={(e) => set('full_day', e.currentTarget.checked)}
            data-testid="event-full-day"
          />
        </Group>
        {!form.full_day ? (
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t('fields.start')}
              value={form.start_time}
              onChange={(e) => set('start_time', e.currentTarget.value)}
              error={errors.start_time}
              data-testid="event-start"
            />
            <TextInput
              type="time"
              label={t('fields.end')}
              value={form.end_time}
              onChange={(e) => set('end_time', e.currentTarget.value)}
              error={errors.end_time}
              data-testid="event-end"
            />
          </Group>
        ) : null}
        {!event ? (
          <Switch
            label={t('fields.repeat')}
            checked={form.recursing}
            onChange={(e) => set('recursing', e.currentTarget.checked)}
            data-testid="event-repeat"
          />
        ) : null}
        {showSeries ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('fields.days')}
            </Text>
            <Chip.Group multiple value={form.days} onChange={(v) => set('days', v)}>
              <Group gap={6}>
                {WEEKDAYS.map((d) => (
                  <Chip key={d} value={d} size="sm" data-testid={`event-day-${d}`}>
                    {t(`days.${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.days ? (
              <Text size="xs" c="danger" data-testid="event-days-error">
                {errors.days}
              </Text>
            ) : null}
            <TextInput
              type="date"
              label={t('fields.until')}
              value={form.until}
              onChange={(e) => set('until', e.currentTarget.value)}
              error={errors.until}
              data-testid="event-until"
            />
          </Stack>
        ) : null}
        <MultiSelect
          label={t('fields.rooms')}
          description={t('fields.roomsHint')}
          data={rooms.map((r) => ({ value: r.id, label: r.name }))}
          value={form.programs}
          onChange={(v) => set('programs', v)}
          error={errors.programs}
          clearable
          searchable
          data-testid="event-rooms"
        />
        <Group justify="space-between" mt="sm" wrap="wrap">
          {event ? (
            confirmDelete ? (
              <Group gap="xs">
                <Text size="sm">{t(`dialog.confirmDelete.${series ? scope : 'this'}`)}</Text>
                <Button color="danger" size="xs" onClick={del} loading={deleted.fetching} data-testid="event-delete-confirm">
                  {t('dialog.delete')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirmDelete(false)}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            ) : (
              <Button color="danger" variant="light" onClick={() => setConfirmDelete(true)} data-testid="event-delete">
                {t('dialog.delete')}
              </Button>
            )
          ) : (
            <span />
          )}
          <Button onClick={save} loading={busy} data-testid="event-save">
            {t('dialog.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
