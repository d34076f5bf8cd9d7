import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

/** A GraphQL call with the page's own signed-in session (no extra sign-in). */
async function api<T = Record<string, any>>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  if (!page.url().startsWith(hosts.demo)) {
    await page.goto(`${hosts.demo}/`);
    await settled(page);
  }
  const body = await page.evaluate(
    async ([q, v]) => {
      const raw = localStorage.getItem('app_token') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const r = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await r.json()) as { data?: unknown; errors?: { message: string }[] };
    },
    [query, variables] as const,
  );
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data as T;
}

const GRID = '{ playCameraGridView { tiles { can_play reason camera { id name } } } }';

async function cameraNamed(page: Page, name: string): Promise<{ id: string; can_play: boolean; reason: string | null }> {
  const data = await api<{
    playCameraGridView: { tiles: { can_play: boolean; reason: string | null; camera: { id: string; name: string } }[] };
  }>(page, GRID);
  const tile = data.playCameraGridView.tiles.find((t) => t.camera.name === name);
  assert.ok(tile, `the grid should list ${name}`);
  return { id: tile.camera.id, can_play: tile.can_play, reason: tile.reason };
}

/** The viewer's camera logins used today, over their children's locations. */
async function loginsUsed(page: Page): Promise<number> {
  const data = await api<{ checkRemainingLogins: { used: number }[] }>(page, '{ checkRemainingLogins { used } }');
  return data.checkRemainingLogins.reduce((n, l) => n + l.used, 0);
}

/** Makes Downtown the staff member's current location (reports follow the top bar's picker). */
async function atDowntown(page: Page): Promise<string> {
  const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(page, '{ dropdownLocations { id name } }');
  const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
  assert.ok(downtown, 'the demo centre has a Downtown location');
  await page.evaluate((loc) => localStorage.setItem('current_location', JSON.stringify(loc)), downtown);
  return downtown.id;
}

/** On failure, what the report queries answered (kept short), to explain an empty table. */
function recordGraphql(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (!r.url().endsWith('/graphql')) return;
    void r
      .text()
      .then((body) => {
        if (/getLoginReport|getWatchTimeReport|getCameraWatchTime|errors/.test(body)) seen.push(body.slice(0, 600));
      })
      .catch(() => undefined);
  });
  return seen;
}

async function explain<T>(page: Page, seen: string[], label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await page.screenshot({ path: `/tmp/live-cameras-${label}.png`, fullPage: true }).catch(() => undefined);
    seen.push(`current_location: ${await page.evaluate(() => localStorage.getItem('current_location'))}`);
    throw new Error(`${(error as Error).message}\nGraphQL answers:\n${seen.join('\n')}`);
  }
}

const PAGE_VIDEO = '[data-testid="camera-video"]';
const tileVideo = (cameraId: string) => `[data-testid="camera-tile-${cameraId}"] [data-testid="tile-video"]`;

async function currentTime(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((v) => (v as HTMLVideoElement).currentTime);
}

/** Waits until a video (the camera page's, or a grid tile's) is really playing: currentTime moves forward. */
async function assertAdvances(page: Page, selector = PAGE_VIDEO): Promise<void> {
  await page.waitForFunction((sel) => ((document.querySelector(sel) as HTMLVideoElement | null)?.currentTime ?? 0) > 0, selector, {
    timeout: 45_000,
  });
  const first = await currentTime(page, selector);
  await page.waitForTimeout(3000);
  const second = await currentTime(page, selector);
  assert.ok(second > first + 1, `currentTime should advance (was ${first}, then ${second})`);
}

export const journeys: Journey[] = [
  {
    name: "a parent sees their child's camera live in the grid on a phone, opens it and the live video plays; a copied playlist URL is refused",
    async run({ pageAs, newPage, checkA11y }) {
      const page = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
      const playlists: string[] = [];
      page.on('request', (r) => {
        if (/\/media\/.+\/index\.m3u8/.test(r.url())) playlists.push(r.url());
      });
      const usedBefore = await loginsUsed(page);
      await page.goto(`${hosts.demo}/user/students/cameras`);
      const preschool = await cameraNamed(page, 'Preschool camera');
      const infants = await cameraNamed(page, 'Infants camera');
      assert.equal(preschool.can_play, true, `Preschool camera should be live for Emma's parent (${preschool.reason})`);
      await page.getByTestId(`camera-tile-${preschool.id}`).waitFor();
      // Each tile plays live (muted) once in view; both tiles together are one visit: one login.
      await assertAdvances(page, tileVideo(preschool.id));
      await page.getByTestId(`camera-tile-${infants.id}`).scrollIntoViewIfNeeded();
      await assertAdvances(page, tileVideo(infants.id));
      assert.equal(await loginsUsed(page), usedBefore + 1, 'two live tiles count one login');
      await checkA11y(page, 'demo /user/students/cameras (phone, tiles live)');
      await page.getByTestId(`watch-${preschool.id}`).click();
      await page.waitForURL(`**/students/cameras/${preschool.id}`);
      await assertAdvances(page);
      // The watermark names the viewer; the badge says how far behind live the picture is.
      assert.match((await page.getByTestId('camera-watermark').textContent()) ?? '', /Olivia Bennett/);
      await page
        .getByTestId('camera-live')
        .getByText(/Live, \d+ s behind/)
        .waitFor({ timeout: 15_000 });
      await page.getByTestId('camera-fullscreen').waitFor();
      await checkA11y(page, 'demo /students/cameras/:camId (phone, playing)');
      // A copied playlist URL is useless in another browser (no session, token already used) and without its token.
      assert.ok(playlists.length > 0, 'the player should have fetched the playlist');
      const copied = playlists[0]!;
      const other = await newPage();
      await other.goto(`${hosts.demo}/login`);
      const statuses = await other.evaluate(async (url) => {
        const bare = url.replace(/\?.*$/, '');
        return [(await fetch(url)).status, (await fetch(bare)).status, (await fetch(`${bare}?token=forged.token.value`)).status];
      }, copied);
      assert.deepEqual(statuses, [401, 401, 401]);
      await page.goto(`${hosts.demo}/user/students/cameras`);
    },
  },
  {
    name: 'the parent of another room is refused the camera, with the reason',
    async run({ pageAs, checkA11y }) {
      const parent = await pageAs(hosts.demo, 'parent');
      const preschool = await cameraNamed(parent, 'Preschool camera');
      const other = await pageAs(hosts.demo, 'agarcia', { viewport: 'phone' });
      await other.goto(`${hosts.demo}/user/students/cameras`);
      await other.getByTestId('camera-grid').waitFor();
      assert.equal(await other.getByTestId(`camera-tile-${preschool.id}`).count(), 0, 'another room’s camera is not in the grid');
      await other.goto(`${hosts.demo}/students/cameras/${preschool.id}`);
      await other.getByTestId('camera-refused').waitFor();
      assert.equal(await other.getByTestId('camera-video').count(), 0);
      const text = (await other.getByTestId('camera-refused').textContent()) ?? '';
      assert.match(text, /(None of your children|Ninguno de sus hijos)/);
      await checkA11y(other, 'demo /students/cameras/:camId (refused)');
    },
  },
  {
    name: "a parent over the daily limit is stopped until the manager raises today's limit",
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const dad = await pageAs(hosts.demo, 'jbennett');
      const downtown = await atDowntown(manager);
      const me = await api<{ userByUserName: { id: string } }>(manager, '{ userByUserName(username: "jbennett") { id } }');
      const dadId = me.userByUserName.id;
      const before = await api<{ getLocationSettingData: { enable_max_login_feature: boolean } }>(
        manager,
        'query($l: ID!) { getLocationSettingData(location_id: $l) { enable_max_login_feature } }',
        { l: downtown },
      );
      try {
        await api(manager, 'mutation($l: ID!) { saveLoginSettings(location_id: $l, enable_max_login_feature: true) { status } }', {
          l: downtown,
        });
        await api(manager, 'mutation($u: ID!) { updateUserCameraLogins(user_id: $u, max_daily_camera_logins: 1) { status } }', {
          u: dadId,
        });
        await api(manager, 'mutation($u: ID!, $l: ID) { updateUserLogins(user_id: $u, logins: 1, location_id: $l) { status } }', {
          u: dadId,
          l: downtown,
        });
        const cam = await cameraNamed(dad, 'Preschool camera');
        assert.equal(cam.reason, 'LOGIN_LIMIT');
        await dad.goto(`${hosts.demo}/user/students/cameras`);
        await dad
          .getByTestId(`why-${cam.id}`)
          .getByText(/Daily limit reached/)
          .waitFor();
        await dad
          .getByTestId('logins-left')
          .getByText(/0 of 1/)
          .waitFor();
        await dad.goto(`${hosts.demo}/students/cameras/${cam.id}`);
        await dad
          .getByTestId('camera-refused')
          .getByText(/Daily limit reached/)
          .waitFor();
        assert.equal(await dad.getByTestId('camera-video').count(), 0);

        const seen = recordGraphql(manager);
        await manager.goto(`${hosts.demo}/dailylogins`);
        // The last 7 days: the location's today may still be yesterday in UTC.
        await manager.getByTestId('period-mode').getByText('Range', { exact: true }).click();
        await explain(manager, seen, 'dailylogins', () => manager.getByTestId(`today-${dadId}`).getByText('1 of 1 used').waitFor());
        await checkA11y(manager, 'demo /dailylogins');
        await manager.getByTestId(`raise-${dadId}`).click();
        await manager
          .getByTestId(`today-${dadId}`)
          .getByText(/1 of 2 used/)
          .waitFor();

        await dad.goto(`${hosts.demo}/students/cameras/${cam.id}`);
        await dad.getByTestId('camera-remaining').getByText('Logins left today: 0').waitFor();
        await assertAdvances(dad);
        // The manager records one more login than allowed: the live viewing stops at the next heartbeat.
        await api(manager, 'mutation($u: ID!, $l: ID) { updateUserLogins(user_id: $u, logins: 3, location_id: $l) { status } }', {
          u: dadId,
          l: downtown,
        });
        await dad
          .getByTestId('camera-ended')
          .getByText(/Daily limit reached/)
          .waitFor({ timeout: 30_000 });
        assert.equal(await dad.getByTestId('camera-video').count(), 0);
        await dad.goto(`${hosts.demo}/user/students/cameras`);
      } finally {
        await api(
          manager,
          'mutation($l: ID!, $on: Boolean) { saveLoginSettings(location_id: $l, enable_max_login_feature: $on) { status } }',
          {
            l: downtown,
            on: before.getLocationSettingData.enable_max_login_feature,
          },
        );
        await api(manager, 'mutation($u: ID!) { updateUserCameraLogins(user_id: $u, max_daily_camera_logins: null) { status } }', {
          u: dadId,
        });
        await api(manager, 'mutation($u: ID!, $l: ID) { resetUserLogins(user_id: $u, location_id: $l) { status } }', {
          u: dadId,
          l: downtown,
        });
      }
    },
  },
  {
    name: "the manager's watch-time report and access log show the parent's session; live and streaming pages pass axe",
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      await atDowntown(manager);
      const seen = recordGraphql(manager);
      await manager.goto(`${hosts.demo}/dailywatchtime`);
      await manager.getByTestId('period-mode').getByText('Range', { exact: true }).click();
      const report = manager.getByTestId('watch-time-report');
      await explain(manager, seen, 'dailywatchtime', () => report.getByRole('row').filter({ hasText: 'Olivia Bennett' }).first().waitFor());
      await checkA11y(manager, 'demo /dailywatchtime');
      await manager.getByTestId('tab-log').click();
      const log = manager.getByTestId('access-log');
      const row = log.getByRole('row').filter({ hasText: 'Olivia Bennett' }).filter({ hasText: 'Preschool camera' }).first();
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /Emma Bennett/);
      await checkA11y(manager, 'demo /dailywatchtime (access log)');
      for (const path of ['/camera-being-watched', '/online-contacts-report', '/streaming-servers', '/streamings']) {
        await manager.goto(`${hosts.demo}${path}`);
        await settled(manager);
        await manager.getByRole('heading', { level: 1 }).first().waitFor();
        await checkA11y(manager, `demo ${path}`);
      }
    },
  },
  {
    name: "a pet owner sees the pet centre's cameras live and opens one",
    async run({ pageAs, checkA11y }) {
      const owner = await pageAs(hosts.pawsome, 'parent', { viewport: 'phone' });
      await owner.goto(`${hosts.pawsome}/contact/pets/cameras`);
      await owner.getByRole('heading', { level: 1, name: 'Cameras' }).waitFor();
      await owner.getByTestId('camera-grid').waitFor();
      // Biscuit is in Small Dogs: the owner may watch that room's camera now.
      const tile = owner.locator('[data-testid^="camera-tile-"]').filter({ hasText: 'Small Dogs camera' });
      await tile.waitFor();
      const camId = ((await tile.getAttribute('data-testid')) ?? '').replace('camera-tile-', '');
      assert.ok(camId, 'the Small Dogs camera is listed');
      await assertAdvances(owner, tileVideo(camId));
      await checkA11y(owner, 'pawsome /contact/pets/cameras (phone, tiles live)');
      await owner.getByTestId(`watch-${camId}`).click();
      await owner.waitForURL(`**/students/cameras/${camId}`);
      await assertAdvances(owner);
      await owner.goto(`${hosts.pawsome}/contact/pets/cameras`);
    },
  },
];
