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
];
