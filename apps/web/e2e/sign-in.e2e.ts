import assert from 'node:assert/strict';
import { assertMenu, field, menuIds, pathOf, settled, signIn, signOut } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

interface RoleCase {
  username: string;
  role: string;
  lands: string;
  menu: { has: string[]; hasNot: string[] };
}

// What each demo role lands on and may see on a child-care centre (seeded sidebar settings).
const CENTRE_ROLES: RoleCase[] = [
  {
    username: 'parent',
    role: 'user',
    lands: '/home',
    menu: {
      has: ['dashboard', 'messages'],
      hasNot: ['students', 'users', 'cameras', 'themeCustomizer', 'permissions', 'announcements', 'activities', 'roomFeed'],
    },
  },
  {
    username: 'blog',
    role: 'blog',
    lands: '/blogs/posts',
    menu: { has: ['dashboard', 'blog'], hasNot: ['students', 'messages', 'cameras', 'permissions'] },
  },
  {
    username: 'teacher',
    role: 'teacher',
    lands: '/dashboard',
    menu: {
      has: [
        'dashboard',
        'students',
        'announcements',
        'messagesLog',
        'messages',
        'portfolios',
        'photos',
        'activities',
        'roomFeed',
        'activityReport',
      ],
      hasNot: ['users', 'cameras', 'themeCustomizer', 'systemLog', 'permissions'],
    },
  },
  {
    username: 'manager',
    role: 'manager',
    lands: '/',
    menu: {
      has: ['dashboard', 'students', 'users', 'teachers', 'newsletters', 'cameraLogins', 'cameras', 'themeCustomizer', 'allLocations'],
      hasNot: ['permissions', 'navigation', 'pets'],
    },
  },
  {
    username: 'center',
    role: 'center',
    lands: '/',
    menu: {
      has: ['dashboard', 'students', 'users', 'cameras', 'themeCustomizer', 'permissions', 'navigation', 'blog'],
      hasNot: ['pets', 'contacts'],
    },
  },
];

const OPERATORS = [
  { username: 'admin', role: 'admin', menu: { has: ['centres', 'addCentre', 'migrations'], hasNot: [] as string[] } },
  { username: 'kvsupport', role: 'kvsupport', menu: { has: ['centres'], hasNot: ['addCentre', 'migrations'] } },
];

export const journeys: Journey[] = [
  ...CENTRE_ROLES.map<Journey>((c) => ({
    name: `${c.username} signs in on demo.localhost and sees only their menu`,
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await signIn(page, hosts.demo, c.username);
      assert.equal(pathOf(page), c.lands);
      assert.equal(await page.getByTestId('user-menu').getAttribute('data-role'), c.role);
      assertMenu(await menuIds(page), c.menu, c.username);
      await checkA11y(page, `demo ${c.lands} as ${c.username}`);
      await signOut(page);
      assert.equal(pathOf(page), '/login');
      assert.equal(await page.evaluate(() => localStorage.getItem('app_token')), null);
    },
  })),
  ...OPERATORS.map<Journey>((o) => ({
    name: `${o.username} signs in on the platform host and lands on the operator console`,
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await signIn(page, hosts.platform, o.username);
      assert.equal(pathOf(page), '/centers-list');
      assert.equal(await page.getByTestId('user-menu').getAttribute('data-role'), o.role);
      assertMenu(await menuIds(page), o.menu, o.username);
      await page.getByTestId('centre-demo').waitFor();
      await checkA11y(page, `platform /centers-list as ${o.username}`);
    },
  })),
  {
    name: 'a guest asking for a staff page is sent to /login and brought back after signing in',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await page.goto(`${hosts.demo}/theme-customizer`);
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/theme-customizer');
      await checkA11y(page, 'demo /login');
      await field(page, 'Username or email').fill('manager');
      await field(page, 'Password').fill('demo-password');
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/theme-customizer');
      await page.getByTestId('customizer-save').waitFor();
      await checkA11y(page, 'demo /theme-customizer');
    },
  },
  {
    name: 'a role below the rule is sent to /login and told why',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'teacher');
      await page.goto(`${hosts.demo}/permissions`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByTestId('login-denied').waitFor();
      await checkA11y(page, 'demo /login (denied)');
    },
  },
  {
    name: 'an unknown path shows the 404 page',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await page.goto(`${hosts.demo}/no/such/page`);
      await page.waitForURL((url) => url.pathname === '/pages/error-404');
      await page.getByTestId('not-found').waitFor();
      await checkA11y(page, 'demo /pages/error-404');
      await page.goto(`${hosts.platform}/nothing-here`);
      await page.waitForURL((url) => url.pathname === '/pages/error-404');
      await settled(page);
    },
  },
  {
    name: 'a wrong password is refused with the server notice',
    async run({ newPage }) {
      const page = await newPage();
      await page.goto(`${hosts.demo}/login`);
      await field(page, 'Username or email').fill('parent');
      await field(page, 'Password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('notice-alert').waitFor();
      assert.equal(pathOf(page), '/login');
    },
  },
  {
    name: 'a throttled account is told how long to wait, and the form keeps what was typed',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await page.goto(`${hosts.demo}/login`);
      // A name of its own: the account budget counts the name tried (known or not), so no other
      // journey's account waits, and its five failures stay well inside the address's free ones.
      const username = `e2e-throttled-${Date.now().toString(36)}`;
      await field(page, 'Username or email').fill(username);
      await field(page, 'Password').fill('not-the-password');
      // Each answer is awaited: the notice of the attempt before carries the same text.
      const attempt = async () => {
        const answered = page.waitForResponse(
          (r) =>
            r.url().endsWith('/graphql') && r.request().method() === 'POST' && r.request().postDataJSON()?.variables?.username === username,
        );
        await page.getByTestId('login-submit').click();
        return answered;
      };
      for (let i = 1; i <= 5; i += 1) {
        assert.equal((await attempt()).status(), 200, `attempt ${i}`);
        await page.getByTestId('notice-alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
      }
      // The sixth is refused before the password is checked, with the wait.
      assert.equal((await attempt()).status(), 429);
      const wait = page.getByTestId('notice-alert').filter({ hasText: /Too many attempts\. Try again in \d+ seconds\./ });
      await wait.waitFor();
      assert.equal(await wait.getAttribute('role'), 'alert');
      assert.equal(await field(page, 'Username or email').inputValue(), username);
      assert.equal(await field(page, 'Password').inputValue(), 'not-the-password');
      assert.equal(pathOf(page), '/login');
      await checkA11y(page, 'demo /login (throttled)');
    },
  },
];
