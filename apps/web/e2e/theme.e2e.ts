import assert from 'node:assert/strict';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const scheme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

export const journeys: Journey[] = [
  {
    name: 'the theme mode starts semi-dark and persists across reloads',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'teacher');
      await page.evaluate(() => localStorage.removeItem('theme-mode'));
      await page.goto(`${hosts.demo}/dashboard`);
      await page.getByTestId('theme-mode-menu').waitFor();
      assert.equal(await page.getByTestId('theme-mode-menu').getAttribute('data-mode'), 'semi-dark');
      assert.equal(await scheme(page), 'light');
      await page.getByTestId('theme-mode-menu').click();
      await page.getByTestId('theme-mode-dark').click();
      assert.equal(await scheme(page), 'dark');
      await checkA11y(page, 'demo /dashboard (dark)');
      await page.reload();
      await page.getByTestId('theme-mode-menu').waitFor();
      assert.equal(await page.getByTestId('theme-mode-menu').getAttribute('data-mode'), 'dark');
      assert.equal(await scheme(page), 'dark');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme-mode')), 'dark');
      await page.getByTestId('theme-mode-menu').click();
      await page.getByTestId('theme-mode-light').click();
      await page.reload();
      await page.getByTestId('theme-mode-menu').waitFor();
      assert.equal(await page.getByTestId('theme-mode-menu').getAttribute('data-mode'), 'light');
      await checkA11y(page, 'demo /dashboard (light)');
    },
  },
];
