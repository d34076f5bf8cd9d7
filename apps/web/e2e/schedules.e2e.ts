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

/** A date (YYYY-MM-DD) plus some days. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD as the app shows it (MM/DD/YYYY). */
const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

interface Sched {
  id: string;
  start_date: string;
  end_date: string | null;
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
  {
    name: 'a manager adds a part-time schedule, meets the overlap error and plans a vacation; a teacher asks for time off and the manager approves it; a parent plans and cancels a vacation',
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const today = await manager.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      // A child whose one open-ended schedule covers the start of the new one, and none after it.
      const start = plusDays(nextMonday(today), 56);
      const kids = await api<{
        students: { data: { id: string; full_name: string; location: { id: string; name: string } | null }[] };
      }>(manager, 'query { students(search: "Emma Bennett", status: true, first: 5) { data { id full_name location { id name } } } }');
      const downtown = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!.location!;
      const others = await api<{ students: { data: { id: string; full_name: string }[] } }>(
        manager,
        'query($l: ID) { students(location_id: $l, status: true, first: 25) { data { id full_name } } }',
        { l: downtown.id },
      );
      let child: { id: string; full_name: string; current: Sched } | null = null;
      for (const s of others.students.data) {
        if (s.full_name === 'Emma Bennett') continue;
        const r = await api<{ getStudentSchedules: { schedules: Sched[]; vacations: { end_date: string }[] } }>(
          manager,
          'query($s: ID!) { getStudentSchedules(student: $s) { schedules { id start_date end_date } vacations { end_date } } }',
          { s: s.id },
        );
        const list = r.getStudentSchedules.schedules;
        const current = list.find((x) => x.start_date < start && x.end_date === null);
        if (current && list.every((x) => x.start_date < start) && r.getStudentSchedules.vacations.every((v) => v.end_date < start)) {
          child = { ...s, current };
          break;
        }
      }
      assert.ok(child, 'a seeded child with one open-ended schedule');
      const end = plusDays(start, 90);
      let created: string | null = null;
      let vacationId: string | null = null;
      try {
        await api(manager, 'mutation($id: ID!, $e: String) { updateStudentSchedule(id: $id, end_date: $e) { status } }', {
          id: child.current.id,
          e: plusDays(start, -1),
        });
        await openAt(manager, downtown, '/student-schedules');
        const fillSchedule = async (from: string) => {
          await manager.getByTestId('schedule-add').click();
          const dialog = manager.getByRole('dialog');
          await dialog.getByTestId('schedule-student').fill(child!.full_name);
          await manager.getByRole('option', { name: child!.full_name, exact: true }).click();
          await dialog.getByTestId('schedule-start-date').fill(from);
          await dialog.getByTestId('schedule-end-date').fill(end);
          await dialog.getByTestId('schedule-start-time').fill('08:30');
          await dialog.getByTestId('schedule-end-time').fill('12:30');
          await dialog.getByRole('checkbox', { name: 'Tue' }).uncheck();
          await dialog.getByRole('checkbox', { name: 'Thu' }).uncheck();
          await dialog.getByTestId('schedule-type').click();
          await manager.getByRole('option', { name: 'Part time' }).click();
          await dialog.getByTestId('schedule-save').click();
        };
        await fillSchedule(start);
        await manager.getByRole('dialog').waitFor({ state: 'detached' });
        const after = await api<{ getStudentSchedules: { schedules: (Sched & { type: string; days: string[] })[] } }>(
          manager,
          'query($s: ID!) { getStudentSchedules(student: $s) { schedules { id start_date end_date type days } } }',
          { s: child.id },
        );
        const mine = after.getStudentSchedules.schedules.find((x) => x.start_date === start);
        assert.ok(mine, 'the part-time schedule is saved');
        created = mine.id;
        assert.equal(mine.type, 'part_time');
        assert.deepEqual([...mine.days].sort(), ['fri', 'mon', 'wed']);

        // A second one over the same weeks: the overlap is shown on the start date.
        await fillSchedule(plusDays(start, 28));
        await manager.getByRole('dialog').getByText('This child already has a schedule for part of these dates.').waitFor();
        await checkA11y(manager, 'demo /student-schedules schedule form with overlap error (manager)');
        await manager.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

        // A 5-day vacation (Monday to Friday) in the new schedule: its expected days (Mon, Wed, Fri) are taken.
        const monday = plusDays(start, 14);
        await manager.getByTestId('vacation-add').click();
        const dialog = manager.getByRole('dialog');
        await dialog.getByTestId('vacation-student').fill(child.full_name);
        await manager.getByRole('option', { name: child.full_name, exact: true }).click();
        await dialog.getByTestId('vacation-from').fill(monday);
        await dialog.getByTestId('vacation-to').fill(plusDays(monday, 4));
        await dialog.getByTestId('vacation-reason').fill('Family trip');
        await dialog.getByTestId('vacation-save').click();
        await dialog.waitFor({ state: 'detached' });
        const planned = await api<{ getStudentSchedules: { vacations: { id: string; start_date: string; dates: string[] }[] } }>(
          manager,
          'query($s: ID!) { getStudentSchedules(student: $s) { vacations { id start_date dates } } }',
          { s: child.id },
        );
        const vacation = planned.getStudentSchedules.vacations.find((v) => v.start_date === monday);
        assert.ok(vacation, 'the vacation is saved');
        vacationId = vacation.id;
        assert.deepEqual(vacation.dates, [monday, plusDays(monday, 2), plusDays(monday, 4)]);
      } finally {
        if (vacationId) await api(manager, 'mutation($id: ID!) { deleteVacation(id: $id) { status } }', { id: vacationId });
        if (created) await api(manager, 'mutation($id: ID!) { removeStudentSchedule(id: $id) { status } }', { id: created });
        await api(manager, 'mutation($id: ID!) { updateStudentSchedule(id: $id, end_date: null) { status } }', { id: child.current.id });
      }

      // Time off: the teacher asks, the manager approves.
      const teacher = await pageAs(hosts.demo, 'teacher', { viewport: 'phone' });
      await openAt(teacher, downtown, '/student-schedules');
      await teacher.getByRole('tab', { name: 'Staff schedules' }).click();
      const ptoFrom = plusDays(nextMonday(today), 9);
      await teacher.getByTestId('pto-add').click();
      const form = teacher.getByRole('dialog');
      await form.getByTestId('pto-from').fill(ptoFrom);
      await form.getByTestId('pto-to').fill(ptoFrom);
      await form.getByTestId('pto-hours').fill('8');
      await form.getByTestId('pto-save').click();
      await form.waitFor({ state: 'detached' });
      const range = { l: downtown.id, f: ptoFrom, t: ptoFrom };
      const asked = await api<{ filterStaffSchedules: { ptos: { id: string; user_name: string; start_date: string; status: string }[] } }>(
        teacher,
        'query($l: ID, $f: String!, $t: String!) { filterStaffSchedules(location: $l, from: $f, to: $t) { ptos { id user_name start_date status } } }',
        range,
      );
      const pto = asked.filterStaffSchedules.ptos.find((p) => p.start_date === ptoFrom && p.status === 'pending');
      assert.ok(pto, 'the time off is pending');
      try {
        await openAt(manager, downtown, '/student-schedules');
        await manager.getByRole('tab', { name: 'Staff schedules' }).click();
        const row = manager
          .getByRole('row')
          .filter({ hasText: pto.user_name })
          .filter({ hasText: shown(ptoFrom) })
          .filter({ has: manager.getByTestId('pto-approve') });
        await row.first().getByTestId('pto-approve').click();
        await manager.getByRole('row').filter({ hasText: pto.user_name }).filter({ hasText: 'Approved' }).first().waitFor();
        await checkA11y(manager, 'demo /student-schedules staff tab after approving time off (manager)');
        const approved = await api<{ filterStaffSchedules: { ptos: { id: string; status: string }[] } }>(
          manager,
          'query($l: ID, $f: String!, $t: String!) { filterStaffSchedules(location: $l, from: $f, to: $t) { ptos { id status } } }',
          range,
        );
        assert.equal(approved.filterStaffSchedules.ptos.find((p) => p.id === pto.id)?.status, 'approved');
      } finally {
        await api(manager, 'mutation($id: ID!) { removeStaffPto(id: $id) { status } }', { id: pto.id });
      }

      // A parent plans a vacation on the child's page (phone), sees it ahead and cancels it.
      const emma = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!;
      const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
      await parent.goto(`${hosts.demo}/user/student/${emma.id}`);
      await settled(parent);
      const away = plusDays(nextMonday(today), 21);
      await parent.getByTestId('vacation-plan').click();
      const plan = parent.getByRole('dialog');
      await plan.getByTestId('vacation-from').fill(away);
      await plan.getByTestId('vacation-to').fill(plusDays(away, 4));
      await plan.getByTestId('vacation-reason').fill('Grandparents');
      await plan.getByTestId('vacation-save').click();
      await plan.waitFor({ state: 'detached' });
      const awayText = `${shown(away)} – ${shown(plusDays(away, 4))}`;
      const line = parent.getByTestId('student-schedule').getByText(awayText);
      await line.waitFor();
      await checkA11y(parent, 'demo /user/student/:studentId planned vacation (parent, phone)');
      const ahead = await api<{ getStudentSchedules: { vacations: { id: string; start_date: string }[] } }>(
        parent,
        'query($s: ID!) { getStudentSchedules(student: $s) { vacations { id start_date } } }',
        { s: emma.id },
      );
      const planned = ahead.getStudentSchedules.vacations.find((v) => v.start_date === away);
      assert.ok(planned, "the parent's vacation is saved");
      try {
        await parent
          .getByTestId('student-schedule')
          .locator('div', { has: parent.getByText(awayText) })
          .last()
          .getByTestId('vacation-cancel')
          .click();
        await parent.getByTestId('confirm-delete').click();
        await line.waitFor({ state: 'detached' });
      } finally {
        const left = await api<{ getStudentSchedules: { vacations: { id: string }[] } }>(
          parent,
          'query($s: ID!) { getStudentSchedules(student: $s) { vacations { id } } }',
          { s: emma.id },
        );
        if (left.getStudentSchedules.vacations.some((v) => v.id === planned.id))
          await api(parent, 'mutation($id: ID!) { deleteVacation(id: $id) { status } }', { id: planned.id });
      }
    },
  },
];
