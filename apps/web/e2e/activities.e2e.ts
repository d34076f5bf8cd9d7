import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { networkQuiet, settled } from './support/app';
import { api } from './support/api';
import { mailTo } from './support/fresh-centre';
import { hosts } from './support/hosts';
import { consentOf, groupPhoto } from './support/photos';
import type { Journey } from './support/journey';

interface Child {
  id: string;
  full_name: string;
  location: { id: string; name: string } | null;
  program: { id: string; name: string } | null;
}

interface Kid {
  id: string;
  checked_in_out: string;
}

interface Entry {
  id: string;
  kind: string;
  status: string;
  students: { id: string }[];
  photo: string | null;
}

/** A child of the demo centre by name, with its location and homeroom, as the manager reaches it (tenants/demo.json). */
async function child(page: Page, name: string): Promise<Child> {
  const data = await api<{ students: { data: Child[] } }>(
    page,
    'query($s: String) { students(search: $s, status: true, first: 10) { data { id full_name location { id name } program { id name } } } }',
    { s: name },
  );
  const found = data.students.data.find((s) => s.full_name === name);
  assert.ok(found?.location && found.program, `${name} not found`);
  return found;
}

/** The room's children today with their state. */
async function roomKids(page: Page, locationId: string, roomId: string): Promise<Kid[]> {
  const data = await api<{ getStudentsAfterCheckInLocation: { data: Kid[] } }>(
    page,
    'query($l: ID!, $p: ID) { getStudentsAfterCheckInLocation(location_id: $l, program_id: $p, first: 100) { data { id checked_in_out } } }',
    { l: locationId, p: roomId },
  );
  return data.getStudentsAfterCheckInLocation.data;
}

async function roomEntries(page: Page, roomId: string, type: string): Promise<Entry[]> {
  const data = await api<{ getRoomActivities: Entry[] }>(
    page,
    'query($id: ID!, $t: String) { getRoomActivities(id: $id, type: $t) { id kind status photo students { id } } }',
    { id: roomId, t: type },
  );
  return data.getRoomActivities;
}

/** The room's entry of this kind made since `before` (waits for it up to 15 s). */
async function newEntry(page: Page, roomId: string, type: string, before: ReadonlySet<string>): Promise<Entry> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = (await roomEntries(page, roomId, type)).find((e) => !before.has(e.id));
    if (found) return found;
    assert.ok(Date.now() < until, `no new ${type} entry in the room`);
    await page.waitForTimeout(300);
  }
}

/** Makes the top bar's location (and quick entry's remembered room) the ones given, then opens `path`. */
async function openAt(page: Page, location: { id: string; name: string }, roomId: string, path: string): Promise<void> {
  await page.evaluate(
    ([loc, last]) => {
      localStorage.setItem('current_location', loc);
      localStorage.setItem('activity_last_values', last);
    },
    [JSON.stringify(location), JSON.stringify({ room: roomId })] as const,
  );
  await page.goto(`${hosts.demo}${path}`);
  await settled(page);
}

async function assertTarget(target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  assert.ok(box, `${what} is not shown`);
  assert.ok(box.height >= 48 && box.width >= 48, `${what} is ${box.width}×${box.height} px, below the 48-px target`);
}

export const journeys: Journey[] = [
  {
    name: "a teacher logs a meal for the room's checked-in children in at most 3 taps after the kind, a nap and a group photo; the manager approves them in the room feed, the parent sees them and gets the day's report by email",
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      // Emma Bennett: the demo parent's child, Downtown Preschool (a room of the demo teacher).
      const emma = await child(manager, 'Emma Bennett');
      const downtown = emma.location!;
      const room = emma.program!;
      const settings = await api<{ getLocationSettingData: { approve_activities: boolean } }>(
        manager,
        'query($l: ID!) { getLocationSettingData(location_id: $l) { approve_activities } }',
        { l: downtown.id },
      );
      const saveApproval = (on: boolean) =>
        api(manager, 'mutation($l: ID!, $on: Boolean) { saveParentSettings(location_id: $l, approve_activities: $on) { status } }', {
          l: downtown.id,
          on,
        });
      const teacher = await pageAs(hosts.demo, 'teacher');
      const checkedInHere: string[] = [];
      const made: Entry[] = [];
      try {
        // Entries wait for a manager here; Emma and up to 9 more children of her room are checked in (10 in all with those already there).
        if (!settings.getLocationSettingData.approve_activities) await saveApproval(true);
        const kids = await roomKids(teacher, downtown.id, room.id);
        const already = kids.filter((k) => k.checked_in_out === 'checked_in').map((k) => k.id);
        const arriving = kids
          .filter((k) => k.checked_in_out === 'not_arrived' && k.id !== emma.id)
          .slice(0, Math.max(0, 9 - already.length))
          .map((k) => k.id);
        if (!already.includes(emma.id)) arriving.unshift(emma.id);
        if (arriving.length) {
          await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_in) { status } }', { s: arriving });
          checkedInHere.push(...arriving);
        }
        const present = (await roomKids(teacher, downtown.id, room.id)).filter((k) => k.checked_in_out === 'checked_in').map((k) => k.id);
        assert.ok(present.includes(emma.id), 'Emma is checked in');
        const mealsBefore = new Set((await roomEntries(teacher, room.id, 'meal')).map((e) => e.id));
        const napsBefore = new Set((await roomEntries(teacher, room.id, 'nap')).map((e) => e.id));

        // Quick entry on a classroom tablet (1024 × 768): the kind, then Save.
        await teacher.setViewportSize({ width: 1024, height: 768 });
        await openAt(teacher, downtown, room.id, '/activities');
        await teacher.getByTestId('kind-tiles').waitFor();
        let taps = 0;
        const tap = async (target: Locator) => {
          taps += 1;
          await target.click();
        };
        await teacher.getByTestId('kind-meal').click(); // the kind
        const form = teacher.locator('[data-testid="entry-form"][data-kind="meal"]');
        await form.waitFor();
        // The room's checked-in children are chosen already.
        const chips = form.locator('button[data-testid^="child-"]');
        await teacher.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="entry-form"] button[data-testid^="child-"]').length >= n,
          present.length,
        );
        assert.equal(await form.locator('button[data-testid^="child-"][aria-pressed="true"]').count(), present.length);
        assert.equal(await form.locator('button[data-testid^="child-"][aria-pressed="false"]').count(), 0);
        // The meal of this time and the usual portion are filled in.
        assert.equal(await form.locator('[data-testid="field-portion"] button[aria-pressed="true"]').count(), 1);
        assert.equal(await form.locator('[data-testid="field-type"] button[aria-pressed="true"]').count(), 1);
        await assertTarget(teacher.getByTestId('kind-meal'), 'the meal tile');
        await assertTarget(chips.first(), 'a child');
        await assertTarget(form.getByTestId('entry-save'), 'Save');
        await checkA11y(teacher, 'demo /activities quick entry (tablet)');
        await tap(form.getByTestId('entry-save'));
        await teacher.getByText(`Saved for children: ${present.length}.`).waitFor();
        assert.ok(taps <= 3, `the meal took ${taps} taps after the kind`);

        // A nap: the kind, then Save (sleep position on its back, start now).
        taps = 0;
        await teacher.getByTestId('kind-nap').click();
        const napForm = teacher.locator('[data-testid="entry-form"][data-kind="nap"]');
        await napForm.waitFor();
        assert.equal(await napForm.getByTestId('field-position-back').getAttribute('aria-pressed'), 'true');
        await tap(napForm.getByTestId('entry-save'));
        await newEntry(teacher, room.id, 'nap', napsBefore);
        assert.ok(taps <= 3, `the nap took ${taps} taps after the kind`);
        assert.equal(await teacher.getByTestId('queue-count').count(), 0, 'nothing waits on the tablet while online');

        // A group photo: the children whose consent keeps photos from other families are tapped off,
        // so Emma's family may see it; the file goes to the album tagged with the rest.
        const photosBefore = new Set((await roomEntries(teacher, room.id, 'photo')).map((e) => e.id));
        await teacher.getByTestId('kind-photo').click();
        const photoForm = teacher.locator('[data-testid="entry-form"][data-kind="photo"]');
        await photoForm.waitFor();
        const shared = ['other_families', 'marketing'];
        const leftOut: string[] = [];
        for (const id of present) if (id !== emma.id && !shared.includes(await consentOf(manager, id))) leftOut.push(id);
        for (const id of leftOut) await photoForm.getByTestId(`child-${id}`).click();
        await photoForm.getByTestId('entry-file').setInputFiles({ name: 'group.jpg', mimeType: 'image/jpeg', buffer: groupPhoto() });
        await photoForm.getByTestId('field-caption').fill('Building a tower together');
        await photoForm.getByTestId('entry-save').click();
        await teacher.getByText(`Saved for children: ${present.length - leftOut.length}.`).waitFor({ timeout: 90_000 });
        const photo = await newEntry(teacher, room.id, 'photo', photosBefore);
        assert.ok(photo.photo, 'the entry points at the album photo');
        assert.deepEqual(photo.students.map((s) => s.id).sort(), present.filter((id) => !leftOut.includes(id)).sort());

        const meal = await newEntry(teacher, room.id, 'meal', mealsBefore);
        const nap = await newEntry(teacher, room.id, 'nap', napsBefore);
        made.push(meal, nap, photo);
        assert.deepEqual(meal.students.map((s) => s.id).sort(), [...present].sort(), 'one meal entry for every checked-in child');
        assert.equal(meal.status, 'pending');

        // Pending: the family does not see it yet.
        const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
        const day = await api<{ getDailyReport: { activities: { id: string }[] } }>(
          parent,
          'query($id: ID!) { getDailyReport(id: $id) { activities { id } } }',
          { id: emma.id },
        );
        assert.ok(!day.getDailyReport.activities.some((a) => a.id === meal.id), 'a pending entry stays with the staff');

        // The manager approves both in the room feed.
        await openAt(manager, downtown, room.id, '/room-feed');
        await manager.getByTestId('room-feed').waitFor();
        await manager.getByTestId('feed-room').click();
        await manager.getByRole('option', { name: room.name, exact: true }).click();
        await manager.getByTestId('feed-pending').waitFor();
        // The photo itself waits for a manager too (photos area).
        await api(manager, 'mutation($id: ID!) { approvePhoto(id: $id) { status } }', { id: photo.photo });
        for (const entry of [meal, nap, photo])
          await manager.locator(`[data-testid="activity-entry"][data-id="${entry.id}"] [data-testid="entry-select"]`).check();
        await manager.getByTestId('approve-selected').click();
        await manager.getByText('3 entries are approved.').waitFor();
        await manager.locator(`[data-testid="activity-entry"][data-id="${meal.id}"][data-status="approved"]`).waitFor();
        await checkA11y(manager, 'demo /room-feed (manager)');

        // The parent sees them on Emma's page and on /home (phone).
        await parent.goto(`${hosts.demo}/user/student/${emma.id}`);
        await settled(parent);
        await parent.locator(`[data-testid="student-activities-timeline"] [data-id="${meal.id}"]`).waitFor({ timeout: 20_000 });
        await parent.locator(`[data-testid="student-activities-timeline"] [data-id="${nap.id}"]`).waitFor();
        await parent.locator(`[data-testid="student-activities-timeline"] [data-id="${photo.id}"]`).waitFor();
        await checkA11y(parent, 'demo /user/student/:studentId with the day (phone)');
        await parent.goto(`${hosts.demo}/home`);
        await settled(parent);
        await parent.getByTestId('latest-activities').waitFor();
        await networkQuiet(parent);
        assert.ok((await parent.locator(`[data-testid="latest-timeline-${emma.id}"] [data-testid="activity-entry"]`).count()) > 0);

        // The manager sends Emma's day to her mother from the activity report; it arrives in the dev mailbox.
        const { parentUser } = await api<{ parentUser: { id: string; email: string } }>(
          manager,
          '{ parentUser: userByUserName(username: "parent") { id email } }',
        );
        await openAt(manager, downtown, room.id, '/activity-report');
        await manager.getByTestId('report-child').click();
        await manager.getByTestId('report-child').fill('Emma Bennett');
        await manager.getByRole('option', { name: 'Emma Bennett' }).first().click();
        await manager.getByTestId('send-report').waitFor();
        await manager.locator(`[data-testid="report-day-entries"] [data-id="${meal.id}"]`).waitFor();
        await manager.getByTestId(`receiver-${parentUser.id}`).check();
        const note = `Emma built the tallest tower today (${Date.now().toString(36)}).`;
        await manager.getByTestId('send-report').getByRole('textbox').fill(note);
        await manager.getByTestId('send-report-submit').click();
        let mail = '';
        for (const until = Date.now() + 30_000; !mail.includes(note) && Date.now() < until;) {
          mail = await mailTo(manager, parentUser.email);
          if (!mail.includes(note)) await manager.waitForTimeout(500);
        }
        assert.ok(mail.includes(note), 'the report with the team’s note is in the dev mailbox');
        assert.match(mail, /Here is the day of Emma/, 'the daily report names the child');
        await checkA11y(manager, 'demo /activity-report with a child (manager)');
      } finally {
        for (const entry of made)
          for (const s of entry.students)
            await api(manager, 'mutation($id: ID!, $s: ID!) { deleteDailyActivity(id: $id, student: $s) { status } }', {
              id: entry.id,
              s: s.id,
            }).catch(() => {});
        if (checkedInHere.length)
          await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_out) { status } }', {
            s: checkedInHere,
          }).catch(() => {});
        if (!settings.getLocationSettingData.approve_activities) await saveApproval(false).catch(() => {});
      }
    },
  },
];
