import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { field, menuIds } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

async function toggleSidebar(page: Page, role: string, menuName: string, shown: boolean): Promise<void> {
  await page.goto(`${hosts.demo}/navigation`);
  const box = page.getByTestId(`nav-${role}-${menuName}`);
  await box.waitFor();
  if ((await box.isChecked()) !== shown) {
    await box.click();
    await page.waitForFunction(([selector, want]) => (document.querySelector(selector) as HTMLInputElement | null)?.checked === want, [
      `[data-testid="nav-${role}-${menuName}"]`,
      shown,
    ] as const);
  }
}

export const journeys: Journey[] = [
  {
    name: 'the owner adds a permission to a role, sees it in the table, then deletes it',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'center');
      await page.goto(`${hosts.demo}/permissions`);
      const name = `e2e.check${Date.now().toString(36)}`;
      await field(page, 'Permission name').fill(name);
      await field(page, 'Display name').fill('E2E check');
      // The pills wrapper takes the pointer; the field inside opens the options.
      await page.getByTestId('add-permission-roles').click({ force: true });
      await page.getByRole('option', { name: 'Teacher' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('add-permission-submit').click();
      const teacherBox = page.getByTestId(`perm-teacher-${name}`);
      await teacherBox.waitFor();
      assert.equal(await teacherBox.isChecked(), true);
      assert.equal(await page.getByTestId(`perm-manager-${name}`).isChecked(), false);
      await checkA11y(page, 'demo /permissions (with a new permission)');
      await page.getByTestId(`delete-permission-${name}`).click();
      await page.getByTestId('confirm-delete-text').getByText(`You are about to permanently delete E2E check?`).waitFor();
      await page.getByTestId('confirm-delete').click();
      await teacherBox.waitFor({ state: 'detached' });
    },
  },
  {
    name: "the owner hides a menu entry from managers with the centre's sidebar setting",
    async run({ pageAs, checkA11y }) {
      const owner = await pageAs(hosts.demo, 'center');
      await toggleSidebar(owner, 'manager', 'cameras', false);
      await checkA11y(owner, 'demo /navigation');
      try {
        const manager = await pageAs(hosts.demo, 'manager');
        await manager.goto(`${hosts.demo}/`);
        await manager.getByTestId('menu-dashboard').waitFor({ state: 'attached' });
        assert.ok(!(await menuIds(manager)).includes('cameras'), 'managers should no longer see Cameras');
        assert.ok((await menuIds(manager)).includes('rooms'));
      } finally {
        await toggleSidebar(owner, 'manager', 'cameras', true);
      }
    },
  },
];
