import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

interface Child {
  id: string;
  full_name: string;
  location: { id: string; name: string } | null;
  program: { id: string; name: string } | null;
}

async function weeks(page: Page, location: string) {
  const data = await api<{ getFoodMenuWeeks: { data: { id: string; name: string; current_week: boolean }[] } }>(
    page,
    'query($l: ID!) { getFoodMenuWeeks(location: $l, first: 100) { data { id name current_week } } }',
    { l: location },
  );
  return data.getFoodMenuWeeks.data;
}

export const journeys: Journey[] = [
  {
    name: 'a teacher adds a menu week, autofills it, copies it, sets rotate and takes lunch counts on a tablet',
    async run({ pageAs }) {
      const teacher = await pageAs(hosts.demo, 'teacher');
      const found = await api<{ students: { data: Child[] } }>(
        teacher,
        'query($s: String) { students(search: $s, status: true, first: 10) { data { id full_name location { id name } program { id name } } } }',
        { s: 'Emma Bennett' },
      );
      const emma = found.students.data.find((s) => s.full_name === 'Emma Bennett');
      assert.ok(emma?.location && emma.program, 'Emma Bennett not found');
      const downtown = emma.location;
      const existing = await weeks(teacher, downtown.id);
      const before = new Set(existing.map((w) => w.id));
      const currentWeek = existing.find((w) => w.current_week);
      const current = currentWeek
        ? {
            w: currentWeek.id,
            r: (
              await api<{ getFoodMenuWeekData: { rotate: boolean } }>(
                teacher,
                'query($w: ID!) { getFoodMenuWeekData(week: $w) { rotate } }',
                {
                  w: currentWeek.id,
                },
              )
            ).getFoodMenuWeekData.rotate,
          }
        : null;
      const created: string[] = [];
      let checkedIn = false;
      try {
        await teacher.setViewportSize({ width: 1024, height: 768 });
        await teacher.evaluate((loc) => localStorage.setItem('current_location', loc), JSON.stringify(downtown));
        await teacher.goto(`${hosts.demo}/food-menu`);
        await settled(teacher);
        await teacher.getByTestId('menu-week-select').waitFor();

        // A new (empty) week, filled by autofill.
        await teacher.getByRole('button', { name: /new week|nueva semana/i }).click();
        await teacher.getByTestId('menu-week-submit').click();
        await teacher.getByText(/week added/i).waitFor();
        await teacher.getByTestId('menu-autofill').click();
        await teacher.getByText(/empty slots? filled/i).waitFor();
        const fresh = (await weeks(teacher, downtown.id)).filter((w) => !before.has(w.id));
        assert.equal(fresh.length, 1, 'one new week');
        created.push(fresh[0]!.id);
        const grid = await api<{ getFoodMenuWeekData: { cells: { items: { id: string }[] }[] } }>(
          teacher,
          'query($w: ID!) { getFoodMenuWeekData(week: $w) { cells { items { id } } } }',
          { w: fresh[0]!.id },
        );
        assert.ok(
          grid.getFoodMenuWeekData.cells.length > 0 && grid.getFoodMenuWeekData.cells.every((c) => c.items.length > 0),
          'autofill fills every slot',
        );

        // Copy it.
        await teacher.getByTestId('menu-copy-week').click();
        await teacher.getByTestId('menu-week-submit').click();
        await teacher.getByText(/week copied/i).waitFor();
        const all = (await weeks(teacher, downtown.id)).filter((w) => !before.has(w.id));
        assert.equal(all.length, 2, 'the copy is a new week');
        created.push(...all.map((w) => w.id).filter((id) => !created.includes(id)));

        // Sets the copied week current and rotating (moves each local Monday): the switch saves the
        // week on screen with the rotation (off first when the demo already rotates).
        const rotate = teacher.getByTestId('menu-rotate');
        const switched = (on: boolean) =>
          teacher.waitForFunction(
            (want) => (document.querySelector('[data-testid="menu-rotate"]') as HTMLInputElement | null)?.checked === want,
            on,
          );
        if (await rotate.isChecked()) {
          await rotate.click({ force: true });
          await switched(false);
        }
        await rotate.click({ force: true });
        await switched(true);
        const shown = (await weeks(teacher, downtown.id)).find((w) => w.current_week);
        assert.ok(shown && all.some((w) => w.id === shown.id), 'the week on screen is now the current one');
        const rotating = await api<{ getFoodMenuWeekData: { rotate: boolean } }>(
          teacher,
          'query($w: ID!) { getFoodMenuWeekData(week: $w) { rotate } }',
          {
            w: shown.id,
          },
        );
        assert.equal(rotating.getFoodMenuWeekData.rotate, true, 'rotate is on');

        // Lunch counts on the tablet roster: 48 px targets.
        const inState = await api<{ getStudentsAfterCheckInLocation: { data: { id: string; checked_in_out: string }[] } }>(
          teacher,
          'query($l: ID!, $p: ID) { getStudentsAfterCheckInLocation(location_id: $l, program_id: $p, first: 100) { data { id checked_in_out } } }',
          { l: downtown.id, p: emma.program.id },
        );
        if (inState.getStudentsAfterCheckInLocation.data.find((k) => k.id === emma.id)?.checked_in_out !== 'checked_in') {
          await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_in) { status } }', { s: [emma.id] });
          checkedIn = true;
        }
        await teacher.getByRole('tab', { name: /meal counts|conteo/i }).click();
        await teacher.getByTestId('count-room').click();
        await teacher.getByRole('option', { name: emma.program.name, exact: true }).click();
        await teacher
          .getByTestId('count-slots')
          .getByText(/^Lunch/)
          .click();
        const target = teacher.getByTestId(`count-child-${emma.id}`);
        await target.waitFor();
        const box = await target.boundingBox();
        assert.ok(box && box.height >= 48 && box.width >= 48, 'roster targets are at least 48 px');
        if ((await target.getAttribute('aria-pressed')) !== 'true') await target.click();
        await teacher.getByTestId('count-save').click();
        await teacher
          .getByText(/count saved/i)
          .first()
          .waitFor();
      } finally {
        if (checkedIn)
          await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_out) { status } }', {
            s: [emma.id],
          }).catch(() => undefined);
        // The demo's own current week and rotation come back before the journey's weeks go.
        if (current)
          await api(teacher, 'mutation($w: ID!, $r: Boolean!) { saveFoodMenuSettings(week: $w, rotate: $r) { status } }', current).catch(
            () => undefined,
          );
        for (const id of created)
          await api(teacher, 'mutation($id: ID!) { deleteFoodMenuWeek(id: $id) { status } }', { id }).catch(() => undefined);
      }
    },
  },
];
