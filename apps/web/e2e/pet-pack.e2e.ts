import assert from 'node:assert/strict';
import { assertMenu, menuIds } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'pawsome.localhost uses the pet labels for staff',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.pawsome, 'manager');
      await page.goto(`${hosts.pawsome}/`);
      assertMenu(
        await menuIds(page),
        { has: ['pets', 'contacts', 'staff', 'admins', 'incidents', 'tickets'], hasNot: ['students', 'users', 'teachers'] },
        'pawsome manager',
      );
      assert.equal((await page.getByTestId('menu-pets').textContent())?.trim(), 'Pets');
      assert.equal((await page.getByTestId('menu-contacts').textContent())?.trim(), 'Contacts');
      assert.equal((await page.getByTestId('menu-staff').textContent())?.trim(), 'Staff');
      await page.getByTestId('setup-step-student').getByText('Add a pet').waitFor();
      await checkA11y(page, 'pawsome / as manager');
      await page.getByTestId('menu-pets').click();
      await page.waitForURL((url) => url.pathname === '/pets');
      await page.getByTestId('students-page').waitFor();
      await checkA11y(page, 'pawsome /pets');
    },
  },
  {
    name: 'a pet owner sees their pets, not students',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.pawsome, 'parent', { viewport: 'phone' });
      await page.goto(`${hosts.pawsome}/home`);
      await page.getByTestId('quick-children').getByText('My pets').waitFor();
      await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByTestId('menu-pets').waitFor({ state: 'visible' });
      await checkA11y(page, 'pawsome /home as parent (phone)');
    },
  },
];
