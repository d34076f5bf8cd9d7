import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { highestRole, isRoleName, localParts, minutesOf } from '@kv/shared';
import { signedInRoutes } from '../src/app/centre-signed-in-routes';
import { decideAccess } from '../src/lib/access';
import { isRouteHandle, type RouteHandle } from '../src/lib/route-handle';
import type { Viewer } from '../src/lib/viewer';
import { networkQuiet, openInApp } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { DESKTOP_WIDTH, HEIGHT, WIDTHS, menuPaths, sidewaysAtWidths } from './support/widths';

/**
 * Every signed-in screen of both demo centres, as each demo role, shows the seeded data: a table
 * or list that says "No data available." fails the journey unless its route is listed below with
 * the reason it is empty in a freshly seeded centre. The routes come from the SPA's own route
 * tables (pages of later issues, which wait for their feature, are left out until they are served).
 *
 * On the demo centre the same pass checks the widths: no page of the role's menu scrolls sideways
 * at 375, 768 or 1024 px. Each page is opened once, checked at the desktop width, then narrowed
 * (the layout follows the viewport, no reload); menu pages that are not served routes yet (later
 * issues' placeholders) are opened for the widths alone. The operator console's menu is checked
 * in widths.e2e.ts.
 *
 * The pages are opened inside the running SPA (history + popstate, `openInApp`), not reloaded one
 * by one: the first page of each role is a full load, the others are what following a link does.
 */

/** Screens empty right after seeding, on purpose: by path, "<username> <path>", "<centre> <path>" or "<centre> <username> <path>". */
const EMPTY_BY_DESIGN: Record<string, string> = {
  '/camera-being-watched': 'live state: nobody is watching a camera while the journey runs',
  '/online-contacts-report': 'live state: no contact is watching a camera while the journey runs',
  '/streaming-servers': 'the built-in dev origin plays the demo cameras; a streaming server row would route playback away from it',
  '/streamings': 'stream settings list the streaming servers, of which the demo has none (see /streaming-servers)',
  'blog /user/students': 'a blog editor has no children of their own',
  'blog /pets': 'a blog editor has no pets of their own (pet pack)',
  'blog /contact/pets': 'a blog editor has no pets of their own (pet pack)',
  'blog /messages': 'a blog editor has no children of their own, so no family thread',
  'blog /user/students/forms': 'a blog editor has no children of their own, so no form to fill',
  'blog /web-form/:Id/:formId/:entryId/entry': "a blog editor has no children of their own: the README child's entry is not theirs",
  'blog /students/:studentId/form/review/:formId': "a blog editor has no children of their own: the README child's form is not theirs",
  'blog /files/student/:studentId/form/:formId/submission': "a blog editor has no children of their own: the README child's form is not theirs",
  'blog /files/student/:studentId/form/:formId/document/submission': "a blog editor has no children of their own: the README child's entry is not theirs",
  'pawsome manager /web-form/:formId/manage_entries':
    "the web form the route opens (the owner's first with entries) has its entries at Pawsome locations the demo manager does not manage",
  'blog /user/students/documents': 'a blog editor has no children of their own, so no document to upload',
  'blog /user/students/:studentId/documents': 'a blog editor has no children of their own, so no document to upload',
  'blog /user/students/:studentId/files': 'a blog editor reads no centre files (documents area)',
  'blog /user/files': 'a blog editor reads no centre files (documents area)',
  'blog /parent-directory': "the directory lists the families of the viewer's locations; a blog editor belongs to none",
  'demo /attendance/health-screen':
    "Downtown (the staff's first location) does not screen: the journeys check the README's children in there without a questionnaire; Lakeside's screens are seeded",
  'pawsome teacher /attendance/health-screen':
    'the demo teacher works at Pawsome Midtown, which does not screen (as Downtown); the owner sees the seeded screens of Pawsome Denver',
  'pawsome manager /attendance/health-screen': 'the demo manager manages Pawsome Midtown only, which does not screen (as above)',
  '/billing/student/:studentId/available-credits':
    "the README child's seeded payments each pay one invoice in full, so a fresh seed leaves them no credit (the billing journey records and voids its own)",
  'pawsome center /forms/printed-forms':
    "the printed forms are at Pawsome Midtown (the demo family's location, where the parent meets them); the owner's first location has none",
  'pawsome center /billing/subsidies':
    "the rescue and its foster pets are at Pawsome Midtown (the demo manager's location); the owner's first location has no agency",
  'pawsome center /billing/subsidies/agency-account':
    "the rescue is at Pawsome Midtown (the demo manager's location); the owner's first location has no agency",
};

/**
 * Screens of the day so far: the seed writes only what had happened by the time it ran, so they
 * may be empty when it ran before every seeded shift had started (the late shift at 9:30, plus the
 * seed's 10 minutes of jitter) at the viewer's locations.
 */
const EMPTY_BEFORE_OPENING: Record<string, string> = {
  '/attendance/staff': "today's time-clock records (the team list itself is never empty)",
  '/attendance/health-screen': "today's health screens",
  '/dailylogins': "today's sign-ins",
  '/dailywatchtime': "today's camera watching",
};
const LAST_SHIFT_START_MINUTES = 9 * 60 + 40;
/** The platform seeds just before the journeys load: the seed's "today so far" ends about here. */
const SEEDED_AT = new Date();

function beforeOpening(timeZone: string | undefined): boolean {
  return Boolean(timeZone) && minutesOf(localParts(SEEDED_AT, timeZone!).time) < LAST_SHIFT_START_MINUTES;
}

interface Centre {
  slug: 'demo' | 'pawsome';
  kind: 'childcare' | 'petcare';
  base: string;
}
const CENTRES: Centre[] = [
  { slug: 'demo', kind: 'childcare', base: hosts.demo },
  { slug: 'pawsome', kind: 'petcare', base: hosts.pawsome },
];
const ROLES = ['center', 'manager', 'teacher', 'parent', 'blog'] as const;

interface NamedData {
  child: string;
  camera: string;
}
/** The README's family of the centre (tenants/<slug>.json): their first child and that child's room camera. */
function named(slug: string): NamedData {
  const def = JSON.parse(readFileSync(new URL(`../../../tenants/${slug}.json`, import.meta.url), 'utf8')) as {
    families: { children: { fname: string; lname: string; room: string }[] }[];
  };
  const child = def.families[0]!.children[0]!;
  return { child: `${child.fname} ${child.lname}`, camera: `${child.room} camera` };
}

interface Ids {
  locationId: string;
  parentId: string;
  teacherId: string;
  childId: string;
  cameraId: string;
  formId: string;
  entryId: string;
  entryFormId: string;
  /** The form of the named child's entry with a file field (its attached documents). */
  documentFormId: string;
  agencyId: string;
  newsletterId: string;
  documentId: string;
  otherId: string;
}
const idsByCentre = new Map<string, Ids>();

/** Ids the routes' parameters take, read once per centre as its owner (who reaches everything). */
async function idsOf(page: Page, centre: Centre): Promise<Ids> {
  const hit = idsByCentre.get(centre.slug);
  if (hit) return hit;
  const { child, camera } = named(centre.slug);
  const data = await api<{
    dropdownLocations: { id: string }[];
    parent: { id: string };
    teacher: { id: string };
    students: { data: { id: string; full_name: string; location_id: string }[] };
    playCameraGridView: { tiles: { camera: { id: string; name: string } }[] };
    getAgencies: { id: string }[];
    getNewsletters: { data: { id: string }[] };
  }>(
    page,
    `query($child: String) {
      dropdownLocations { id }
      parent: userByUserName(username: "parent") { id }
      teacher: userByUserName(username: "teacher") { id }
      students(search: $child, first: 5) { data { id full_name location_id } }
      playCameraGridView { tiles { camera { id name } } }
      getAgencies { id }
      getNewsletters(first: 1) { data { id } }
    }`,
    { child },
  );
  const kid = data.students.data.find((s) => s.full_name === child);
  const cam = data.playCameraGridView.tiles.find((t) => t.camera.name === camera);
  assert.ok(kid, `${centre.slug}: the seed has ${child}`);
  assert.ok(cam, `${centre.slug}: the seed has ${camera}`);
  // A family request and a published file shared with the families, at the named child's location.
  const docs = await api<{ getDocuments: { data: { id: string }[] }; filterFiles: { data: { id: string; published: boolean; shares: { kind: string; target_id: string }[] }[] } }>(
    page,
    `query($l: ID!) {
      getDocuments(location_id: $l, type: "family", first: 1) { data { id } }
      filterFiles(location_id: $l, first: 50) { data { id published shares { kind target_id } } }
    }`,
    { l: kid.location_id },
  );
  const shared = docs.filterFiles.data.find((f) => f.published && f.shares.some((s) => (s.kind === 'role' && s.target_id === 'user') || (s.kind === 'location' && s.target_id === kid.location_id)));
  assert.ok(docs.getDocuments.data[0] && shared, `${centre.slug}: the seed has a family document request and a file shared with families at ${child}'s location`);
  // The first web form with entries at the named child's location opens the form's pages (its
  // settings and logs are seeded; the demo staff work there); the named child's (the demo parent's)
  // newest entry, with its own form, opens the child's and the entry's pages.
  const forms = await api<{ getForms: { data: { id: string; entries_count: number; fields: { type: string }[] }[] } }>(
    page,
    'query($l: ID!) { getForms(type: "web", location_id: $l, first: 25) { data { id entries_count fields { type } } } }',
    { l: kid.location_id },
  );
  const form = forms.getForms.data.find((f) => f.entries_count > 0);
  assert.ok(form, `${centre.slug}: the seed has a web form with entries at ${child}'s location`);
  const entries = await api<{ getWebFormEntries: { data: { id: string; form_id: string }[] } }>(
    page,
    'query($s: ID!) { getWebFormEntries(student_id: $s, first: 25) { data { id form_id } } }',
    { s: kid.id },
  );
  const entry = entries.getWebFormEntries.data[0];
  assert.ok(entry, `${centre.slug}: the seed has a web-form entry of ${child}`);
  // The entry's documents page opens the child's entry in a form with a file field (seeded with its attachment).
  const withFile = new Set(forms.getForms.data.filter((f) => f.fields.some((x) => x.type === 'file')).map((f) => f.id));
  const documented = entries.getWebFormEntries.data.find((e) => withFile.has(e.form_id));
  assert.ok(documented, `${centre.slug}: the seed has an entry of ${child} in a form with a file field`);
  const ids = {
    locationId: data.dropdownLocations[0]!.id,
    parentId: data.parent.id,
    teacherId: data.teacher.id,
    childId: kid.id,
    cameraId: cam.camera.id,
    formId: form.id,
    entryId: entry.id,
    entryFormId: entry.form_id,
    documentFormId: documented.form_id,
    agencyId: data.getAgencies[0]!.id,
    newsletterId: data.getNewsletters.data[0]!.id,
    documentId: docs.getDocuments.data[0]!.id,
    otherId: shared!.id,
  };
  idsByCentre.set(centre.slug, ids);
  return ids;
}

/** Each required route parameter, from the seeded ids; a new parameter fails here until it is given one. */
function fill(pattern: string, ids: Ids): string {
  const values: Record<string, string> = {
    locationId: ids.locationId,
    team: ids.teacherId,
    camuserId: ids.parentId,
    userId: ids.childId,
    studentId: ids.childId,
    camId: ids.cameraId,
    // A child's or an entry's pages open the form the named child has an entry in.
    formId: pattern.endsWith('/document/submission') ? ids.documentFormId : /:(entryId|studentId|Id)\b/.test(pattern) ? ids.entryFormId : ids.formId,
    entryId: ids.entryId,
    // The parent's entry page names the child first (/web-form/:Id/:formId/:entryId/entry).
    Id: ids.childId,
    agencyId: ids.agencyId,
    tempId: ids.newsletterId,
    documentId: ids.documentId,
    otherId: ids.otherId,
  };
  return pattern
    .split('/')
    .flatMap((part) => {
      if (!part.startsWith(':')) return [part];
      if (part.endsWith('?')) return [];
      const value = values[part.slice(1)];
      assert.ok(value, `no seeded value for the route parameter ${part} of ${pattern}: add one to seeded-screens.e2e.ts`);
      return [value];
    })
    .join('/');
}

/** The served signed-in pages of a centre kind the viewer may open (redirect-only routes left out). */
function servedRoutes(kind: Centre['kind'], viewer: Viewer): string[] {
  return signedInRoutes(kind).flatMap((route: RouteObject) => {
    const handle: (RouteHandle & { feature?: string }) | null = isRouteHandle(route.handle) ? route.handle : null;
    if (!route.path || !route.lazy || !handle || handle.feature) return [];
    return decideAccess(handle.access, viewer) === 'allow' ? [route.path] : [];
  });
}

/** The viewer as the SPA sees them (`me`'s roles and permissions). */
async function viewerOf(page: Page): Promise<Viewer> {
  const { me } = await api<{ me: { roles: { name: string }[]; permissions: string[] } }>(page, '{ me { roles { name } permissions } }');
  const roles = me.roles.map((r) => r.name).filter(isRoleName);
  return { role: highestRole(roles), roles, permissions: me.permissions, user: null };
}

/** Waits until the page has rendered (not the loading overlay) and its requests are done. */
async function pageSettled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="page-loader"]:not([data-visible])', { state: 'attached', timeout: 15_000 }).catch(() => {});
  await networkQuiet(page);
}

/**
 * Visible "No data available." messages once every table has loaded. A child's day (the profile's
 * timeline of today) counts only when the API has entries for that day: the seed leaves the
 * README's children out of today (the journeys check them in themselves), so theirs is empty until
 * a journey records something.
 */
async function emptyLists(page: Page, dayIsEmpty: () => Promise<boolean>): Promise<number> {
  await pageSettled(page);
  await page.waitForFunction(() => document.querySelectorAll('table[aria-busy="true"]').length === 0, undefined, { timeout: 20_000 });
  const all = await page.getByText('No data available.', { exact: true }).filter({ visible: true }).count();
  const day = await page.getByTestId('student-activities-timeline-empty').filter({ visible: true }).count();
  return day > 0 && (await dayIsEmpty()) ? all - day : all;
}

/** Whether the child has no entry today that the viewer may see, as the API says. */
async function noEntriesToday(page: Page, childId: string): Promise<boolean> {
  const { getDailyReport } = await api<{ getDailyReport: { activities: { id: string }[] } }>(
    page,
    'query($id: ID!) { getDailyReport(id: $id) { activities { id } } }',
    { id: childId },
  );
  return getDailyReport.activities.length === 0;
}

/** The demo centre's pages are also checked at every width (the widths journeys' centre). */
const WIDTHS_CENTRE: Centre['slug'] = 'demo';

function journeyFor(centre: Centre, username: (typeof ROLES)[number]): Journey {
  const widths = centre.slug === WIDTHS_CENTRE;
  return {
    name: widths
      ? `${centre.slug}: as ${username}, every signed-in screen shows seeded data, and no page of the menu scrolls sideways at ${WIDTHS.join(', ')} px`
      : `${centre.slug}: as ${username}, every signed-in screen shows seeded data`,
    async run({ pageAs }) {
      const owner = await pageAs(centre.base, 'center');
      const ids = await idsOf(owner, centre);
      const page = username === 'center' ? owner : await pageAs(centre.base, username);
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
      // The landing page is the first of the menu's pages: read it before leaving it.
      const menu = widths ? await menuPaths(page) : [];
      const viewer = await viewerOf(page);
      // Location pages open at the viewer's own first location (a manager reaches only theirs).
      const own =
        viewer.role === 'user' || viewer.role === 'blog'
          ? []
          : (
              await api<{ dropdownLocations: { id: string; timezone: { id: string } }[] }>(
                page,
                '{ dropdownLocations { id timezone { id } } }',
              )
            ).dropdownLocations;
      const local = { ...ids, locationId: own[0]?.id ?? ids.locationId };
      const routes = servedRoutes(centre.kind, viewer);
      // As the viewer: a family sees only approved entries of today.
      const dayIsEmpty = () => noEntriesToday(page, ids.childId).catch(() => true);
      assert.ok(routes.length > 0, `${username} opens no screen`);
      const empty: string[] = [];
      const sideways: string[] = [];
      const opened = new Set<string>();
      for (const pattern of routes) {
        const path = fill(pattern, local);
        await openInApp(page, centre.base, path);
        // A page shows its heading, or says the viewer may not open what the id points at (blog editors and children).
        await page.locator('h1, [role="alert"]').first().waitFor();
        const n = await emptyLists(page, dayIsEmpty).catch((error: unknown) => {
          throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        });
        const keys = [pattern, `${username} ${pattern}`, `${centre.slug} ${pattern}`, `${centre.slug} ${username} ${pattern}`];
        const earlyHour = n === 1 && pattern in EMPTY_BEFORE_OPENING && own.some((l) => beforeOpening(l.timezone.id));
        if (n > 0 && !earlyHour && !keys.some((key) => key in EMPTY_BY_DESIGN)) empty.push(`${path} (${n} empty)`);
        if (menu.includes(path)) sideways.push(...(await sidewaysAtWidths(page, `${username} ${path}`)));
        opened.add(path);
      }
      // Menu pages no served route opened: the placeholders of later issues, index and redirect routes.
      for (const path of menu.filter((p) => !opened.has(p))) {
        await openInApp(page, centre.base, path);
        await pageSettled(page);
        sideways.push(...(await sidewaysAtWidths(page, `${username} ${path}`)));
      }
      if (widths) assert.ok(menu.length > 1, `${username}: the menu listed no pages`);
      assert.deepEqual(
        { empty, sideways },
        { empty: [], sideways: [] },
        `${centre.slug} as ${username}: screens the seed should fill are empty, or pages scroll sideways`,
      );
    },
  };
}

export const journeys: Journey[] = CENTRES.flatMap((centre) => ROLES.map((role) => journeyFor(centre, role)));
