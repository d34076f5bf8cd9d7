import { addDays, localParts, weekdayOf } from '@kv/shared';
import { instants, occurrences } from '@kv/tenant-api';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

/** Words of the demo calendars, child care and pet care. */
const WORDS = {
  childcare: {
    publicName: (l: string) => `${l} events`,
    series: [
      { name: 'Circle time', details: 'Songs, stories and the weather chart.', day: 'mon', start: '09:00', end: '09:30', room: true },
      { name: 'Music class', details: 'Ms. Rivera brings the instruments.', day: 'wed', start: '10:00', end: '10:45', room: false },
    ],
    closures: ['Closed: staff training day', 'Closed: holiday'],
    singles: [
      'Picture day',
      'Field trip to the farm',
      'Parent-teacher conferences',
      'Pajama day',
      'Book fair',
      'Fire drill',
      'Family breakfast',
      'Art show',
      'Library visit',
      'Dentist visit',
      'Crazy hair day',
      'Teddy bear picnic',
    ],
    staff: ['CPR refresher', 'Curriculum planning', 'Licensing visit'],
  },
  petcare: {
    publicName: (l: string) => `${l} pack events`,
    series: [
      {
        name: 'Group walk',
        details: 'The morning loop around the park, leashes on.',
        day: 'mon',
        start: '09:00',
        end: '09:45',
        room: true,
      },
      { name: 'Agility class', details: 'Tunnels, jumps and lots of treats.', day: 'wed', start: '10:00', end: '11:00', room: false },
    ],
    closures: ['Closed: staff training day', 'Closed: holiday'],
    singles: [
      'Pup photo day',
      'Grooming day',
      'Vet check clinic',
      'Training demo',
      'Birthday pawty',
      'Pool day',
      'Adoption open house',
      'Puppy social',
      'Nail trim clinic',
      'Treat tasting',
      'Costume parade',
      'Owner workshop',
    ],
    staff: ['Pet first aid refresher', 'Handling and safety training', 'Inspection visit'],
  },
} as const;

/** Occurrences per location over this month and next. */
const EVENTS_PER_LOCATION = 40;

/**
 * The calendar: per location a public calendar and a staff-only one, with 40 occurrences over this
 * month and next: three weekly series (two public, one a room's; the staff meeting), two closures
 * (all day) and one-off events, at the location's wall-clock times (`instants`, as the API
 * writes them).
 */
export const calendarStep: SeedStep = {
  name: 'calendar',
  async run({ trx, def, faker, now, locations, rooms, ownerId }) {
    const words = WORDS[def.kind];
    const owner = await ownerId();
    const allRooms = await rooms();
    const done = new Set((await trx('calendars').distinct('location_id')).map((r) => String(r.location_id)));
    const calendars: Record<string, unknown>[] = [];
    const events: Record<string, unknown>[] = [];
    const links: { event_id: string; program_id: string }[] = [];
    const audits: Record<string, unknown>[] = [];
    for (const loc of await locations()) {
      if (done.has(loc.id)) continue;
      const [publicId, staffId] = await allocateIds(trx, 'calendars', 2);
      calendars.push(
        { id: publicId, name: words.publicName(loc.name), location_id: loc.id, is_public: true, created_by: owner },
        { id: staffId, name: 'Staff', location_id: loc.id, is_public: false, created_by: owner },
      );
      const today = localParts(now, loc.timezone).date;
      const first = `${today.slice(0, 8)}01`;
      const nextMonth = addDays(first, 32).slice(0, 8);
      const last = addDays(`${addDays(`${nextMonth}01`, 32).slice(0, 8)}01`, -1);
      const weekdays = (() => {
        const out: string[] = [];
        for (let d = first; d <= last; d = addDays(d, 1)) if (!['sat', 'sun'].includes(weekdayOf(d))) out.push(d);
        return out;
      })();
      const room = allRooms.find((r) => r.location_id === loc.id);
      const planned: {
        calendar: string;
        name: string;
        details: string | null;
        date: string;
        start: string | null;
        end: string | null;
        series?: { id: string; day: string };
        room?: string;
      }[] = [];
      const series = [
        ...words.series.map((s) => ({ ...s, calendar: publicId! })),
        {
          name: 'Staff meeting',
          details: 'Weekly planning in the office.',
          day: 'thu',
          start: '18:00',
          end: '19:00',
          room: false,
          calendar: staffId!,
        },
      ];
      for (const s of series) {
        const sid = faker.string.uuid();
        for (const date of occurrences(first, last, [s.day]))
          planned.push({
            calendar: s.calendar,
            name: s.name,
            details: s.details,
            date,
            start: s.start,
            end: s.end,
            series: { id: sid, day: s.day },
            room: s.room ? room?.id : undefined,
          });
      }
      const free = faker.helpers.shuffle(weekdays.filter((d) => !planned.some((p) => p.date === d && p.series?.day !== 'thu')));
      for (const name of words.closures)
        planned.push({ calendar: publicId!, name, details: null, date: free.pop()!, start: null, end: null });
      const singles = Math.max(EVENTS_PER_LOCATION - planned.length, 6);
      for (let i = 0; i < singles; i++) {
        const staffOnly = i < words.staff.length && i % 2 === 0;
        const name = staffOnly ? words.staff[i]! : words.singles[i % words.singles.length]!;
        const hour = faker.number.int({ min: 9, max: 15 });
        planned.push({
          calendar: staffOnly ? staffId! : publicId!,
          name,
          details: staffOnly
            ? 'For the team.'
            : faker.helpers.arrayElement([
                'All families welcome.',
                'Please bring a labelled bag.',
                'See the newsletter for details.',
                null,
              ]),
          date: free.pop() ?? faker.helpers.arrayElement(weekdays),
          start: `${String(hour).padStart(2, '0')}:00`,
          end: `${String(hour + 1).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '30'])}`,
          room: !staffOnly && room && i % 4 === 1 ? room.id : undefined,
        });
      }
      const ids = await allocateIds(trx, 'calendar_events', planned.length);
      planned.forEach((p, i) => {
        const full_day = !p.start;
        const at = instants(p.date, { full_day, start_time: p.start, end_time: p.end }, loc.timezone);
        events.push({
          id: ids[i],
          calendar_id: p.calendar,
          location_id: loc.id,
          name: p.name,
          details: p.details,
          date: p.date,
          start_time: p.start,
          end_time: p.end,
          full_day,
          starts_at: at.starts_at.toISOString(),
          ends_at: at.ends_at.toISOString(),
          recursive_id: p.series?.id ?? null,
          recursing: Boolean(p.series),
          days: p.series ? [p.series.day] : [],
          recurs_until: p.series ? last : null,
          created_by: owner,
        });
        if (p.room) links.push({ event_id: ids[i]!, program_id: p.room });
      });
      audits.push(
        auditRow({ action: 'calendar.create', entity: 'calendar', entity_id: publicId!, location_id: loc.id, actor_user_id: owner }),
        auditRow({ action: 'calendar.create', entity: 'calendar', entity_id: staffId!, location_id: loc.id, actor_user_id: owner }),
      );
    }
    await insertMany(trx, 'calendars', calendars);
    await insertMany(trx, 'calendar_events', events);
    await insertMany(trx, 'calendar_event_programs', links);
    await insertMany(trx, 'audit_log', audits);
    return `${calendars.length} calendars, ${events.length} events`;
  },
};
