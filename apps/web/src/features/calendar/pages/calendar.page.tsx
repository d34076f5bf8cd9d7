import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Badge, Button, Card, Group, Modal, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleAtLeast } from '@kv/shared';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { formatDay } from '../../../lib/format';
import { useViewer } from '../../../lib/shell-context';
import { BirthdaysQuery, CalendarsQuery, EventsQuery, LocationQuery, TeamQuery } from '../api/calendar.query';
import { EventDialog, type DialogEvent } from '../components/event-dialog';
import { GoogleSettings } from '../components/google-settings';
import { addDays, formatClock, todayIn, wallTime } from '../lib/dates';
import classes from '../components/calendar.module.css';

type Occurrence = Omit<DialogEvent, 'programs'> & { is_public: boolean; programs: { id: string; name: string }[] };
type Shown =
  | { kind: 'event'; event: Occurrence }
  | { kind: 'birthday'; name: string; date: string; age: number }
  | { kind: 'shift'; name: string; start: string; end: string | null };

/**
 * FullCalendar's toolbar icons are `role="img"` spans without a name inside buttons that have one
 * (their title): hidden from assistive technology, as decoration.
 */
function quietIcons(root: Element) {
  root.querySelectorAll('.fc-icon').forEach((icon) => {
    icon.removeAttribute('role');
    icon.setAttribute('aria-hidden', 'true');
  });
}

/**
 * /calendar: month, week, day and list views of the current location's calendars (parents: the
 * public calendars of their children's locations and rooms, read-only), children's birthdays and,
 * for staff, the time clock's shifts. Staff add an event by clicking a day and change one by
 * clicking it; an occurrence of a series changes or goes for this, the following or all.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation('calendar');
  const viewer = useViewer();
  const staff = roleAtLeast(viewer.role, 'teacher');
  const mobile = useMediaQuery('(max-width: 48em)');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const locationId = staff ? (location?.id ?? null) : null;
  const [{ data: loc }] = useQuery({ query: LocationQuery, variables: { id: locationId ?? '' }, pause: !locationId });
  const timeZone = loc?.location?.timezone.id ?? null;
  const rooms = loc?.location?.rooms ?? [];
  const today = todayIn(timeZone);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: addDays(today, -7), to: addDays(today, 35) });
  const [roomFilter, setRoomFilter] = useState<string[]>([]);
  const [showShifts, setShowShifts] = useState(false);
  const [showBirthdays, setShowBirthdays] = useState(true);
  const [dialog, setDialog] = useState<{ event: Occurrence | null; date: string } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);

  const [{ data: cals }, refetchCalendars] = useQuery({ query: CalendarsQuery, variables: { location: locationId } });
  const manager = roleAtLeast(viewer.role, 'manager');
  const [{ data: evs }, refetch] = useQuery({
    query: EventsQuery,
    variables: { location: locationId, programs: roomFilter.length ? roomFilter : null, date: range.from, to: range.to },
    requestPolicy: 'cache-and-network',
  });
  const [{ data: bdays }] = useQuery({
    query: BirthdaysQuery,
    variables: { location: locationId, from: range.from, to: range.to },
    pause: !showBirthdays,
  });
  const [{ data: team }] = useQuery({
    query: TeamQuery,
    variables: { location: locationId, from: range.from, to: range.to },
    pause: !staff || !showShifts,
  });

  const calendars = cals?.getCalendars ?? [];
  const events = useMemo<EventInput[]>(() => {
    const out: EventInput[] = [];
    for (const e of (evs?.filterEvents ?? []) as Occurrence[]) {
      out.push({
        id: e.id,
        title: e.name,
        start: e.full_day ? e.date : `${e.date}T${e.start_time}`,
        end: e.full_day ? undefined : `${e.date}T${e.end_time}`,
        allDay: e.full_day,
        classNames: [e.is_public ? classes.public! : classes.staff!],
        extendedProps: { shown: { kind: 'event', event: e } satisfies Shown },
      });
    }
    if (showBirthdays)
      for (const b of bdays?.getBirthdayEvents ?? [])
        out.push({
          id: `b-${b.id}`,
          title: t('birthday', { name: b.name, age: b.age }),
          start: b.date,
          allDay: true,
          classNames: [classes.birthday!],
          extendedProps: { shown: { kind: 'birthday', name: b.name, date: b.date, age: b.age } satisfies Shown },
        });
    if (staff && showShifts)
      for (const s of team?.getTeamCalendar.shifts ?? []) {
        const name = `${s.user.fname} ${s.user.lname}`;
        out.push({
          id: `s-${s.id}`,
          title: t('shift', { name }),
          start: wallTime(s.start, timeZone),
          end: s.end ? wallTime(s.end, timeZone) : undefined,
          classNames: [classes.shift!],
          extendedProps: { shown: { kind: 'shift', name, start: s.start, end: s.end } satisfies Shown },
        });
      }
    return out;
  }, [evs, bdays, team, showBirthdays, showShifts, staff, t, timeZone]);

  const onDates = (arg: DatesSetArg) => {
    const from = arg.startStr.slice(0, 10);
    const to = addDays(arg.endStr.slice(0, 10), -1);
    if (from !== range.from || to !== range.to) setRange({ from, to });
  };
  const onDate = (arg: DateClickArg) => {
    if (staff && calendars.length) setDialog({ event: null, date: arg.dateStr.slice(0, 10) });
  };
  const onEvent = (arg: EventClickArg) => {
    const s = arg.event.extendedProps.shown as Shown;
    if (s.kind === 'event' && staff) setDialog({ event: s.event, date: s.event.date });
    else setShown(s);
  };

  return (
    <Stack gap="md" data-testid="calendar-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Switch
            label={t('showBirthdays')}
            checked={showBirthdays}
            onChange={(e) => setShowBirthdays(e.currentTarget.checked)}
            data-testid="calendar-birthdays"
          />
          {staff ? (
            <Switch
              label={t('showShifts')}
              checked={showShifts}
              onChange={(e) => setShowShifts(e.currentTarget.checked)}
              data-testid="calendar-shifts"
            />
          ) : null}
          {manager && locationId && calendars.length ? (
            <GoogleSettings calendars={calendars} onChanged={() => refetchCalendars({ requestPolicy: 'network-only' })} />
          ) : null}
          {staff && calendars.length ? (
            <Button size="xs" onClick={() => setDialog({ event: null, date: today })} data-testid="calendar-new-event">
              {t('newEvent')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {staff && rooms.length ? (
        <MultiSelect
          label={t('filterRooms')}
          placeholder={t('allRooms')}
          data={rooms.map((r) => ({ value: r.id, label: r.name }))}
          value={roomFilter}
          onChange={setRoomFilter}
          clearable
          maw={480}
          data-testid="calendar-rooms"
        />
      ) : null}
      {staff && !calendars.length && cals ? <Text c="dimmed">{t('noCalendars')}</Text> : null}
      {manager
        ? calendars
            .filter((c) => c.google_status === 'reconnect')
            .map((c) => (
              <Alert key={c.id} color="danger" variant="light" data-testid="google-reconnect">
                {t('google.reconnectLead', { name: c.name })}
              </Alert>
            ))
        : null}
      {!staff ? <Text c="dimmed">{t('parentLead')}</Text> : null}
      <Card withBorder padding={mobile ? 'xs' : 'md'} className={classes.card}>
        <FullCalendar
          key={mobile ? 'mobile' : 'wide'}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={mobile ? 'listMonth' : 'dayGridMonth'}
          headerToolbar={
            mobile
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }
          }
          footerToolbar={mobile ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' } : undefined}
          locales={[esLocale]}
          locale={i18n.language === 'es' ? 'es' : 'en'}
          height="auto"
          dayMaxEvents={3}
          nowIndicator
          events={events}
          datesSet={onDates}
          dateClick={onDate}
          eventClick={onEvent}
          noEventsText={t('empty')}
          viewDidMount={({ el }) => quietIcons(el.closest('.fc') ?? el)}
          dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        />
      </Card>
      {dialog ? (
        <EventDialog
          opened
          onClose={() => setDialog(null)}
          onSaved={() => refetch({ requestPolicy: 'network-only' })}
          event={dialog.event}
          date={dialog.date}
          calendars={calendars}
          rooms={rooms}
        />
      ) : null}
      <Modal
        opened={Boolean(shown)}
        onClose={() => setShown(null)}
        title={shown ? titleOf(shown, t) : ''}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        data-testid="event-details"
      >
        {shown?.kind === 'event' ? (
          <Stack gap="xs">
            <Text>
              {formatDay(shown.event.date)}
              {shown.event.full_day
                ? ` · ${t('fields.fullDay')}`
                : ` · ${formatClock(shown.event.start_time!)} – ${formatClock(shown.event.end_time!)}`}
            </Text>
            {shown.event.details ? <Text size="sm">{shown.event.details}</Text> : null}
            {shown.event.programs.length ? (
              <Group gap={4}>
                {shown.event.programs.map((p) => (
                  <Badge key={p.id} variant="light">
                    {p.name}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {shown.event.recursing ? (
              <Text size="sm" c="dimmed">
                {t('repeats', { days: shown.event.days.map((d) => t(`days.${d}`)).join(', ') })}
              </Text>
            ) : null}
          </Stack>
        ) : shown?.kind === 'birthday' ? (
          <Text>{formatDay(shown.date)}</Text>
        ) : shown?.kind === 'shift' ? (
          <Text>
            {wallTime(shown.start, timeZone).replace('T', ' ')} – {shown.end ? wallTime(shown.end, timeZone).slice(11) : t('open')}
          </Text>
        ) : null}
      </Modal>
    </Stack>
  );
}

function titleOf(s: Shown, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (s.kind === 'event') return s.event.name;
  if (s.kind === 'birthday') return t('birthday', { name: s.name, age: s.age });
  return t('shift', { name: s.name });
}
