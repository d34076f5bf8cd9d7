import assert from 'node:assert/strict';
import { api } from './support/api';
import { field } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const MY_BILLING = '{ getMyPlanBilling { invoices { id status balance } cards { id last4 is_default } } }';
type MyBilling = {
  getMyPlanBilling: {
    invoices: { id: string; status: string; balance: string }[];
    cards: { id: string; last4: string; is_default: boolean }[];
  };
};

export const journeys: Journey[] = [
  {
    name: 'an admin creates a plan, reads every centre’s invoices (filtered, past 25) and the payments waiting for approval',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/centers-plans`);
      await page.getByTestId('centre-plans').getByText('Growth').waitFor();
      await checkA11y(page, 'platform /centers-plans');
      const name = `E2E Plan ${Date.now().toString(36)}`;
      await page.getByTestId('new-plan').click();
      // Bad input is named by field before anything is sent.
      await field(page, 'Name').fill(name);
      await field(page, 'Price (dollars)').fill('79.999');
      await page.getByTestId('save-plan').click();
      await page.getByText('Enter an amount such as 49.00.').waitFor();
      await field(page, 'Price (dollars)').fill('79.00');
      await field(page, 'Trial days').fill('10');
      await field(page, 'Max locations').fill('2');
      await page.getByTestId('save-plan').click();
      await page.getByTestId('centre-plans').getByText(name).waitFor();
      await page.getByTestId('centre-plans').getByText('2 locations · unlimited children · unlimited cameras').first().waitFor();

      // Edit it: make it public.
      await page.getByTestId('centre-plans').getByText(name).click();
      await page.getByLabel('Public (offered on the packages page)').check();
      await page.getByTestId('save-plan').click();
      await page.getByText('Plan saved.').waitFor();

      await page.goto(`${hosts.platform}/centers-invoices`);
      const invoices = page.getByTestId('centre-invoices');
      await invoices.getByText('Sunny Days Early Learning').first().waitFor();
      assert.equal(await invoices.locator('tbody tr').count(), 25, 'a page of 25 invoices');
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="centre-invoices"] tbody tr').length < 25);
      await checkA11y(page, 'platform /centers-invoices');
      await page.getByTestId('invoice-status-filter').click();
      await page.getByRole('option', { name: 'Open' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="centre-invoices"] tbody tr').length === 2);

      await page.goto(`${hosts.platform}/centers-payments`);
      await page.getByTestId('payment-status-filter').click();
      await page.getByRole('option', { name: 'Pending' }).click();
      await page.getByTestId('centre-payments').getByText('Bank transfer').waitFor();
      await page.locator('[data-testid^="approve-payment-"]').first().waitFor();
      await checkA11y(page, 'platform /centers-payments');

      // The centre's page: its plan, and the latest invoices.
      await page.goto(`${hosts.platform}/centers-list`);
      await page.getByTestId('centre-demo').click();
      await page.getByTestId('centre-plan').waitFor();
      assert.equal(await page.getByTestId('centre-plan-name').textContent(), 'Growth');
      await page.getByTestId('centre-plan').getByText('Open', { exact: true }).first().waitFor();
    },
  },
  {
    name: 'the demo centre’s owner pays the open invoice on My Plan with a new test card',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'center', { viewport: 'phone' });
      await page.goto(`${hosts.demo}/kidsvision-plan`);
      await page.getByTestId('my-plan').waitFor();
      assert.equal(await page.getByTestId('my-plan-name').textContent(), 'Growth');
      const before = (await api<MyBilling>(page, MY_BILLING)).getMyPlanBilling;
      const open = before.invoices.find((i) => i.status === 'open');
      assert.ok(open, 'the demo data leaves this month open');
      await checkA11y(page, 'centre /kidsvision-plan');

      await page.getByTestId(`pay-invoice-${open.id}`).click();
      await page.getByTestId('pay-new-card').click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByTestId('confirm-pay').click();
      await page.getByText('Nothing to pay. Thank you!').waitFor({ timeout: 20_000 });

      const after = (await api<MyBilling>(page, MY_BILLING)).getMyPlanBilling;
      assert.equal(after.invoices.find((i) => i.id === open.id)?.status, 'paid');
      assert.equal(after.invoices.find((i) => i.id === open.id)?.balance, '0.00');
      const def = after.cards.find((c) => c.is_default);
      assert.ok(def && !before.cards.some((c) => c.id === def.id), 'the new card is the default');
      await page.getByTestId(`my-invoice-${open.id}`).getByText('Paid', { exact: true }).waitFor();
    },
  },
];
