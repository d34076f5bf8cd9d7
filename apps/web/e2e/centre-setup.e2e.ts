import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { field, settled } from './support/app';
import { hosts } from './support/hosts';
import { freshCentre } from './support/fresh-centre';
import type { Journey } from './support/journey';

const unique = () => Date.now().toString(36).slice(-5);

async function stepDone(page: Page, base: string, step: string): Promise<boolean> {
  await page.goto(`${base}/`);
  const item = page.getByTestId(`setup-step-${step}`);
  await item.waitFor();
  return (await item.getAttribute('data-done')) === 'true';
}

async function order(page: Page): Promise<string[]> {
  await page.getByTestId('camera-order-item').first().waitFor();
  return page.getByTestId('camera-order-item').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-camera') ?? ''));
}

/** Drags the order item of `from` onto the place of `to` with the mouse (dnd-kit's pointer sensor). */
async function drag(page: Page, from: string, to: string): Promise<void> {
  // Both ends on screen, as a person would scroll them (the mouse cannot reach below the fold).
  await page.locator(`[data-testid="camera-order-item"][data-camera="${from}"]`).scrollIntoViewIfNeeded();
  await page.locator(`[data-testid="camera-order-item"][data-camera="${to}"]`).scrollIntoViewIfNeeded();
  const source = await page.locator(`[data-testid="camera-order-item"][data-camera="${from}"]`).boundingBox();
  const target = await page.locator(`[data-testid="camera-order-item"][data-camera="${to}"]`).boundingBox();
  assert.ok(source && target);
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 - 8, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + 4, { steps: 12 });
  await page.mouse.up();
  // dnd-kit swallows every click for 50 ms after a drop (its guard against the drop's own click);
  // a person takes longer than that to reach the next button, a script does not.
  await page.waitForTimeout(120);
}

async function createLocation(page: Page, base: string, name: string, manager: string): Promise<void> {
  await page.goto(`${base}/locations`);
  await page.getByTestId('add-location').click();
  await field(page, 'Name').fill(name);
  await page.getByTestId('location-managers').click({ force: true });
  await page.getByRole('option', { name: manager }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('location-submit').click();
  await page.getByTestId('location-form').waitFor({ state: 'detached' });
  await page.getByRole('link', { name, exact: true }).waitFor();
}

/** A cameras CSV: `good` importable rows (distinct codes and colours) and one with a bad colour as line 3. */
function camerasCsv(tag: string, room: string, good: number): string {
  const rows = Array.from({ length: good }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return `Import ${n},e2e-${tag}-i${n},#${(0x1a2b00 + i).toString(16)},${i % 2 ? 'off' : 'on'},${i === 0 ? room : ''}`;
  });
  rows.splice(1, 0, `Broken,e2e-${tag}-broken,not-a-colour,on,`);
  return ['name,code,color_code,status,room', ...rows].join('\n');
}

export const journeys: Journey[] = [
  {
    name: "a new centre's manager sets up a location: room, camera with a schedule, camera order, CSV import of 100+ cameras, and the checklist advances",
    async run(ctx) {
      const { checkA11y } = ctx;
      const { base, manager: page } = await freshCentre(ctx, 'setup');
      const tag = unique();
      const location = `E2E Site ${tag}`;
      const room = `E2E Room ${tag}`;

      // Nothing is set up yet in the new centre.
      assert.equal(await stepDone(page, base, 'location'), false, 'a new centre has no location');
      assert.equal(await stepDone(page, base, 'schoolProfile'), false, 'a new centre has no school profile');

      await createLocation(page, base, location, 'Mona Manager');
      await checkA11y(page, 'new centre /locations (manager)');
      assert.equal(await stepDone(page, base, 'location'), true, 'the location step ticks');

      // Rooms: the manager's only location is the current one.
      await page.goto(`${base}/rooms`);
      await page.getByRole('table', { name: 'Rooms' }).getByText('No data available.').waitFor();
      assert.equal(await stepDone(page, base, 'room'), false, 'a new location has no room');
      assert.equal(await stepDone(page, base, 'camera'), false, 'a new location has no camera');

      await page.goto(`${base}/rooms/create`);
      await page.getByTestId('room-form').waitFor();
      await field(page, 'Name').fill(room);
      await page.getByTestId('room-submit').click();
      await page.getByTestId(`room-count-${room}`).waitFor();
      assert.equal(await page.getByTestId(`room-count-${room}`).textContent(), '0');
      await checkA11y(page, 'new centre /rooms');
      assert.equal(await stepDone(page, base, 'room'), true, 'the room step ticks');

      // A camera with a schedule.
      await page.goto(`${base}/cameras`);
      await page.getByTestId('add-camera').click();
      await field(page, 'Name').fill('Front door');
      await field(page, 'Stream code').fill(`e2e-${tag}-front`);
      await page.getByTestId('suggested-colour').first().click();
      await page.getByTestId('camera-schedule-name').fill(`Opening hours ${tag}`);
      await page.getByTestId('schedule-add-date').click();
      await page.getByTestId('camera-submit').click();
      await page.getByTestId('camera-form').waitFor({ state: 'detached' });
      const cameras = page.getByRole('table', { name: 'Cameras' });
      await cameras.getByRole('cell', { name: 'Front door', exact: true }).waitFor();
      await cameras.getByText(`Opening hours ${tag}`).waitFor();
      await cameras.getByText('Mon 08:00–17:00').waitFor();
      assert.equal(await stepDone(page, base, 'camera'), true, 'the camera step ticks');

      // Two more at once.
      await page.goto(`${base}/cameras`);
      await page.getByTestId('bulk-cameras').click();
      await page.getByRole('button', { name: 'Add a row' }).click();
      await field(page, 'Name (row 1)').fill('Playground');
      await field(page, 'Stream code (row 1)').fill(`e2e-${tag}-play`);
      await field(page, 'Name (row 2)').fill('Kitchen');
      await field(page, 'Stream code (row 2)').fill(`e2e-${tag}-kitchen`);
      await page.getByRole('button', { name: 'Fill in free colours' }).click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>('[data-testid^="bulk-row-"] input')].some((i) => /^#[0-9a-f]{6}$/i.test(i.value)),
      );
      await page.getByRole('button', { name: 'Add 2 cameras' }).click();
      await cameras.getByRole('cell', { name: 'Kitchen', exact: true }).waitFor();
      await checkA11y(page, 'new centre /cameras');

      // Reorder by drag and drop, save, and find the order again after a reload.
      assert.deepEqual(await order(page), ['Front door', 'Playground', 'Kitchen']);
      await drag(page, 'Kitchen', 'Front door');
      assert.deepEqual(await order(page), ['Kitchen', 'Front door', 'Playground']);
      const save = page.getByTestId('save-camera-order');
      await save.click();
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="save-camera-order"]') as HTMLButtonElement | null)?.disabled === true,
      );
      await page.reload();
      await settled(page);
      assert.deepEqual(await order(page), ['Kitchen', 'Front door', 'Playground']);

      // Import from a CSV (reached from /cameras) with one bad row: its error shows before anything is saved.
      await page.getByTestId('import-cameras-link').click();
      await page.waitForURL(/\/import-cameras$/);
      await page.getByTestId('import-csv').fill(camerasCsv(tag, room, 102));
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-summary').getByText('102 rows ready, 1 with problems').waitFor();
      await page
        .getByTestId('import-error-3')
        .getByText(/color_code/)
        .waitFor();
      await checkA11y(page, 'new centre /import-cameras (checked file)');
      await page.getByTestId('import-save').click();
      await page
        .getByTestId('import-done')
        .getByText(/^Imported 102 cameras: Import 001, Import 002, /)
        .waitFor();

      // Past the first page of 100: every camera is listed, searchable and in the order list.
      await page.goto(`${base}/cameras`);
      await page.getByTestId('cameras-count').getByText('Cameras in this location: 105.').waitFor();
      assert.equal((await order(page)).length, 105);
      assert.deepEqual((await order(page)).slice(0, 3), ['Kitchen', 'Front door', 'Playground']);
      await page.getByPlaceholder('Search...').first().fill('Import 102');
      await cameras.getByRole('cell', { name: 'Import 102', exact: true }).waitFor();
      assert.equal(await cameras.getByRole('cell', { name: 'Broken', exact: true }).count(), 0);

      // Location settings are one click away from the locations list.
      await page.goto(`${base}/locations`);
      await page.getByTestId(`location-settings-${location}`).click();
      await page.waitForURL(/\/manage-location/);
      await page.getByRole('tab', { name: /./, selected: true }).waitFor();

      // School profile, then the checklist shows this location's steps and the profile done.
      await page.goto(`${base}/school_profile`);
      await field(page, 'School name').fill('Sunny Days Early Learning');
      await checkA11y(page, 'new centre /school_profile');
      await page.getByTestId('school-submit').click();
      await page.locator('.mantine-Notification-root').first().waitFor();
      for (const step of ['schoolProfile', 'room', 'camera', 'location'])
        assert.equal(await stepDone(page, base, step), true, `the ${step} step is done`);
      await checkA11y(page, 'new centre / (setup checklist)');
    },
  },
  {
    name: 'every centre-setup page and location tab passes axe; schedules and settings save',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'center');
      const tag = unique();

      await page.goto(`${hosts.demo}/locations`);
      await page.getByRole('link', { name: 'Downtown', exact: true }).click();
      await page.waitForURL(/\/location\/[^/]+\/rooms$/);
      const base = new URL(page.url()).pathname.replace(/\/rooms$/, '');
      await page.getByTestId('room-count-Preschool').waitFor();
      await checkA11y(page, 'demo /location/:id/rooms');
      for (const tab of ['programs', 'cameras', 'managers', 'camera-groups', 'settings']) {
        await page.goto(`${hosts.demo}${base}/${tab}`);
        // The settings tab holds tabs of its own: wait for the location tab, not any selected tab.
        await page.locator(`[data-testid="location-tab-${tab}"][aria-selected="true"]`).waitFor();
        await settled(page);
        await checkA11y(page, `demo /location/:id/${tab}`);
      }

      // Schedules: create one with a time range.
      await page.goto(`${hosts.demo}/schedules`);
      await page.getByTestId('add-schedule').click();
      await field(page, 'Name').fill(`Weekdays ${tag}`);
      await page.getByTestId('schedule-add-date').click();
      await field(page, 'Start').fill('07:30');
      await field(page, 'End').fill('18:00');
      await checkA11y(page, 'demo /schedules (form)');
      await page.getByTestId('schedule-submit').click();
      await page.getByRole('table', { name: 'Schedules' }).getByText('Mon 07:30–18:00').first().waitFor();
      await checkA11y(page, 'demo /schedules');

      // Every settings tab of the current location.
      for (const tab of ['limits', 'signup', 'notifications', 'parents', 'check-in', 'defaults', 'email', 'billing']) {
        await page.goto(`${hosts.demo}/manage-location/${tab}`);
        await page.getByRole('tab', { name: /./, selected: true }).waitFor();
        await page.getByRole('tabpanel').locator('h2').first().waitFor();
        await settled(page);
        await checkA11y(page, `demo /manage-location/${tab}`);
      }
      await page.goto(`${hosts.demo}/manage-location/limits`);
      await field(page, 'Most active students').fill('120');
      await page.getByTestId('save-limits').click();
      await page.locator('.mantine-Notification-root').first().waitFor();
      await page.reload();
      await settled(page);
      assert.equal(await field(page, 'Most active students').inputValue(), '120');

      await page.goto(`${hosts.demo}/manage-location/check-in`);
      await page.getByTestId('generate-qr').click();
      await page
        .getByTestId('qr-link')
        .getByText(/\/time-clock-page\//)
        .waitFor();
      await page.getByTestId('qr-link').getByRole('img', { name: 'QR code of the staff time clock' }).waitFor();
    },
  },
];
