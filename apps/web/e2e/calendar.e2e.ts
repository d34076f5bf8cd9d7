import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { networkQuiet, settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_LABELS = { sun: 'Sun', mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat' } as const;

/** Makes the top bar's location the one given (remembered in local storage), then opens `path`. */
async function openAt(page: Page, location: { id: string; name: string }, path: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('current_location', value), JSON.stringify(location));
  await page.goto(`${hosts.demo}${path}`);
  await settled(page);
}

export const journeys: Journey[] = [
  {
    name: "a teacher adds a room's weekly event; only that room's parents see it",
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      // Emma Bennett (the demo parent's child) is in Downtown Preschool; Arjun Patel (the Patels') in Downtown Toddlers.
      const kids = await api<{ students: { data: { full_name: string; location: { id: string; name: string } | null }[] } }>(
        manager,
        'query { students(search: "Emma Bennett", status: true, first: 5) { data { full_name location { id name } } } }',
      );
      const downtown = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!.location!;
      const name = `Story walk ${Date.now()}`;
      let eventId: string | null = null;
      try {
        const teacher = await pageAs(hosts.demo, 'teacher');
        await openAt(teacher, downtown, '/calendar');
        await teacher.getByTestId('calendar-page').waitFor();
        const today = await teacher.evaluate(() => {
          const d = new Date();
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        });
        const weekday = WEEKDAYS[new Date(`${today}T12:00:00Z`).getUTCDay()]!;
        await teacher.getByTestId('calendar-new-event').click();
        const dialog = teacher.getByRole('dialog');
        await teacher.getByTestId('event-name').waitFor();
        // No days for a series: the field error names the days.
        await teacher.getByTestId('event-name').fill(name);
        await teacher.getByTestId('event-repeat').click();
        await teacher.getByTestId('event-save').click();
        await teacher.getByTestId('event-days-error').waitFor();
        await dialog.getByText(DAY_LABELS[weekday], { exact: true }).click();
        await teacher.getByTestId('event-rooms').click();
        await teacher.getByRole('option', { name: 'Preschool', exact: true }).click();
        await teacher.getByTestId('event-name').click();
        await checkA11y(teacher, 'demo /calendar event dialog (teacher)');
        await teacher.getByTestId('event-save').click();
        await teacher.getByText(/Event created \(\d+ occurrences\)\./).waitFor();
        await dialog.waitFor({ state: 'detached' });
        await teacher.locator('.fc-event', { hasText: name }).first().waitFor();

        const found = await api<{ filterEvents: { id: string; name: string; recursive_id: string | null }[] }>(
          manager,
          'query($l: ID, $d: String!) { filterEvents(location: $l, date: $d) { id name recursive_id } }',
          { l: downtown.id, d: today },
        );
        const mine = found.filterEvents.filter((e) => e.name === name);
        assert.ok(mine.length >= 3, `weekly occurrences: ${mine.length}`);
        assert.ok(mine.every((e) => e.recursive_id === mine[0]!.recursive_id));
        eventId = mine[0]!.id;

        // The Preschool family sees it (phone: the list view), read-only.
        const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
        await parent.goto(`${hosts.demo}/calendar`);
        await parent.getByTestId('calendar-page').waitFor();
        await parent.getByText(name).first().waitFor();
        await parent.getByText(name).first().click();
        // The event's details open in a dialog.
        await parent.getByRole('dialog').filter({ hasText: name }).waitFor();
        assert.equal(await parent.getByTestId('event-save').count(), 0, 'parents do not edit');
        await checkA11y(parent, 'demo /calendar (parent, phone)');

        // The Toddlers family does not.
        const patel = await pageAs(hosts.demo, 'spatel', { viewport: 'phone' });
        await patel.goto(`${hosts.demo}/calendar`);
        await patel.getByTestId('calendar-page').waitFor();
        await networkQuiet(patel);
        assert.equal(await patel.getByText(name).count(), 0, "another room's event stays with its families");
      } finally {
        if (eventId)
          await api(manager, 'mutation($id: ID!) { deleteEvent(id: $id, scope: "all") { status } }', { id: eventId }).catch(() => {});
      }
    },
  },
  {
    name: 'a manager connects a calendar to Google Calendar (the fake Google), events reach it, revoked access asks to reconnect',
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const kids = await api<{ students: { data: { full_name: string; location: { id: string; name: string } | null }[] } }>(
        manager,
        'query { students(search: "Emma Bennett", status: true, first: 5) { data { full_name location { id name } } } }',
      );
      const downtown = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!.location!;
      const cals = await api<{ getCalendars: { id: string; name: string; google_status: string | null }[] }>(
        manager,
        'query($l: ID) { getCalendars(location: $l) { id name google_status } }',
        { l: downtown.id },
      );
      const cal = cals.getCalendars.find((c) => c.google_status !== 'connected') ?? cals.getCalendars[0]!;
      const name = `Google picnic ${Date.now()}`;
      let eventId: string | null = null;
      try {
        await openAt(manager, downtown, '/calendar');
        await manager.getByTestId('calendar-settings').click();
        const row = manager.getByTestId(`google-calendar-${cal.id}`);
        await row.waitFor();
        await checkA11y(manager, 'demo /calendar settings (Google)');
        await row.getByTestId('google-connect').click();
        // Google's consent (the fake under /dev/google on the platform host), then back through
        // /oauth2callback on the platform host to /googleInt on the centre's host.
        await manager.waitForURL(/\/dev\/google\/o\/oauth2\/auth\?/);
        assert.ok(manager.url().startsWith(hosts.platform), `consent on the platform host: ${manager.url()}`);
        await manager.locator('#allow').click();
        await manager.waitForURL(/\/googleInt\?/);
        assert.ok(manager.url().startsWith(hosts.demo), `back on the centre host: ${manager.url()}`);
        await manager.getByTestId('google-connected').waitFor();
        await checkA11y(manager, 'demo /googleInt');
        // The state is single-use: the same answer again is refused.
        await manager.reload();
        await manager.getByTestId('google-failed').waitFor();

        await manager.getByTestId('google-back').click();
        await manager.getByTestId('calendar-page').waitFor();
        await manager.getByTestId('calendar-settings').click();
        await manager.getByTestId(`google-calendar-${cal.id}`).getByText('Connected to Google').waitFor();
        await manager.keyboard.press('Escape');

        // An event of the calendar reaches Google (the push job), read back from Google's side.
        const today = new Date().toISOString().slice(0, 10);
        const created = await api<{ createEvent: { event: { id: string } } }>(
          manager,
          'mutation($n: String, $c: ID, $d: String!) { createEvent(name: $n, calendar: $c, date: $d, start_time: "10:00", end_time: "11:00") { event { id } } }',
          { n: name, c: cal.id, d: today },
        );
        eventId = created.createEvent.event.id;
        await manager.waitForFunction(
          async ([c, d, n]) => {
            const token = localStorage.getItem('app_token');
            const r = await fetch('/graphql', {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                query: 'query($c: ID!, $f: String!, $t: String!) { getGoogleCalendarEvents(calendar: $c, from: $f, to: $t) { name } }',
                variables: { c, f: d, t: d },
              }),
            });
            const body = (await r.json()) as { data?: { getGoogleCalendarEvents: { name: string }[] } };
            return body.data?.getGoogleCalendarEvents.some((e) => e.name === n) ?? false;
          },
          [cal.id, today, name] as const,
          { polling: 500, timeout: 30_000 },
        );

        // The user revokes the access at Google: the calendar asks the manager to reconnect.
        for (const what of ['revoke-all', 'expire-access']) {
          const r = await manager.request.post(`${hosts.platform}/dev/google/_fake/${what}`);
          assert.equal(r.status(), 200, `fake Google ${what}`);
        }
        await api(manager, 'query($c: ID!, $f: String!, $t: String!) { getGoogleCalendarEvents(calendar: $c, from: $f, to: $t) { id } }', {
          c: cal.id,
          f: today,
          t: today,
        }).then(
          () => assert.fail('revoked access still reads Google'),
          (err: Error) => assert.match(err.message, /connect it again/),
        );
        await manager.reload();
        await manager.getByTestId('google-reconnect').first().waitFor();
        await checkA11y(manager, 'demo /calendar (Google reconnect)');
      } finally {
        if (eventId) await api(manager, 'mutation($id: ID!) { deleteEvent(id: $id) { status } }', { id: eventId }).catch(() => undefined);
        await api(manager, 'mutation($c: ID!) { disconnectGoogleCalendar(calendar: $c) { status } }', { c: cal.id }).catch(() => undefined);
      }
    },
  },
];
