import assert from 'node:assert/strict';
import { settled, signIn } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'switching to Spanish translates the shell and is remembered',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await page.goto(`${hosts.demo}/login`);
      await settled(page);
      await page.getByTestId('language-es').click();
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
      await checkA11y(page, 'demo /login (es)');
      await signIn(page, hosts.demo, 'manager');
      await page.getByTestId('menu-dashboard').getByText('Panel').waitFor();
      await page.getByTestId('menu-group-settings').getByText('Configuración').waitFor();
      await page.getByTestId('setup-checklist').getByText('Configura tu centro').waitFor();
      await checkA11y(page, 'demo / (es)');
      await page.reload();
      await page.getByTestId('menu-dashboard').getByText('Panel').waitFor();
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-en').click();
      await page.getByTestId('menu-dashboard').getByText('Dashboard').waitFor();
    },
  },
];
