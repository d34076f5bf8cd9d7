import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

/** Makes the top bar's location the one given (remembered in local storage), then opens `path`. */
async function openAt(page: Page, location: { id: string; name: string }, path: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('current_location', value), JSON.stringify(location));
  await page.goto(`${hosts.demo}${path}`);
  await settled(page);
}

/** The next Monday after a date (YYYY-MM-DD). */
function nextMonday(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

export const journeys: Journey[] = [
  {
    name: "a teacher reads the week, month, staff and changes; a parent reports an absence on the child's page",
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const kids = await api<{ students: { data: { id: string; full_name: string; location: { id: string; name: string } | null }[] } }>(
        manager,
        'query { students(search: "Emma Bennett", status: true, first: 5) { data { id full_name location { id name } } } }',
      );
      const emma = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!;
      const downtown = emma.location!;

      const teacher = await pageAs(hosts.demo, 'teacher');
      await openAt(teacher, downtown, '/student-schedules');
      await teacher.getByTestId('student-schedules-page').waitFor();
      await teacher.getByRole('table').first().waitFor();
      await checkA11y(teacher, 'demo /student-schedules week (teacher)');
      for (const tab of ['Month', 'Staff schedules', 'Recent changes']) {
        await teacher.getByRole('tab', { name: tab }).click();
        await teacher.getByRole('table').first().waitFor();
      }
      await teacher.getByText('Schedule changed').first().waitFor();
      await checkA11y(teacher, 'demo /student-schedules recent changes (teacher)');

      const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
      await parent.goto(`${hosts.demo}/user/student/${emma.id}`);
      await settled(parent);
      await parent.getByTestId('student-schedule').waitFor();
      const today = await parent.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      const monday = nextMonday(today);
      const friday = new Date(`${monday}T12:00:00Z`);
      friday.setUTCDate(friday.getUTCDate() + 4);
      let vacationId: string | null = null;
      try {
        await parent.getByTestId('absence-from').fill(monday);
        await parent.getByTestId('absence-to').fill(friday.toISOString().slice(0, 10));
        await parent.getByTestId('absence-submit').click();
        await parent.getByTestId('absence-saved').waitFor();
        await checkA11y(parent, 'demo /user/student/:studentId schedule (parent, phone)');
        const mine = await api<{ getStudentSchedules: { vacations: { id: string; start_date: string; dates: string[] }[] } }>(
          parent,
          'query($s: ID!) { getStudentSchedules(student: $s) { vacations { id start_date dates } } }',
          { s: emma.id },
        );
        const vacation = mine.getStudentSchedules.vacations.find((v) => v.start_date === monday);
        assert.ok(vacation, 'the vacation is saved');
        vacationId = vacation.id;
        assert.ok(vacation.dates.length >= 1 && vacation.dates.length <= 5, `absence rows: ${vacation.dates.length}`);
      } finally {
        if (vacationId) await api(parent, 'mutation($id: ID!) { deleteVacation(id: $id) { status } }', { id: vacationId });
      }
    },
  },
];
