import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

interface Payer {
  user_id: string;
  name: string;
  is_payer: boolean;
  share_type: string | null;
  share: number | null;
}

async function payersOf(page: Page, id: string) {
  const data = await api<{ getStudentPayersAndNonPayers: { payers: Payer[]; non_payers: Payer[] } }>(
    page,
    'query($id: ID!) { getStudentPayersAndNonPayers(id: $id) { payers { user_id name is_payer share_type share } non_payers { user_id name is_payer share_type share } } }',
    { id },
  );
  return data.getStudentPayersAndNonPayers;
}

/** The location's balance on the overview, and the balance report's closing total to the location's today. */
async function figures(page: Page, location: string) {
  const o = await api<{ getBillingOverviewDetails: { balance: number; date: string } }>(
    page,
    'query($l: ID!) { getBillingOverviewDetails(location_id: $l) { balance date } }',
    { l: location },
  );
  const today = o.getBillingOverviewDetails.date;
  const r = await api<{ getBalanceReport: { totals: { closing: number } } }>(
    page,
    'query($l: ID!, $d: String!) { getBalanceReport(location_id: $l, from: $d, to: $d) { totals { closing } } }',
    { l: location, d: today },
  );
  return { overview: o.getBillingOverviewDetails.balance, report: r.getBalanceReport.totals.closing };
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const journeys: Journey[] = [
  {
    name: 'a manager sets two payers at 50/50 for a child, records a cash payment, and the overview and the balance report agree',
    async run({ pageAs }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const found = await api<{ students: { data: { id: string; full_name: string; location: { id: string; name: string } | null }[] } }>(
        manager,
        'query($s: String) { students(search: $s, first: 5) { data { id full_name location { id name } } } }',
        { s: 'Emma Bennett' },
      );
      const emma = found.students.data.find((s) => s.full_name === 'Emma Bennett');
      assert.ok(emma?.location, 'Emma Bennett (the README family) is at a location of the demo manager');
      const before = await payersOf(manager, emma.id);
      const madePayers: string[] = [];
      let paymentId: string | null = null;
      try {
        await manager.setViewportSize({ width: 1024, height: 768 });
        await manager.evaluate((loc) => localStorage.setItem('current_location', loc), JSON.stringify(emma.location));

        // Two payers: the README parent and, when needed, the other contact made a payer here.
        await manager.goto(`${hosts.demo}/billing/student/${emma.id}/payers-detail`);
        await settled(manager);
        await manager.getByRole('heading', { level: 1, name: /Emma Bennett/ }).waitFor();
        let payers = before.payers;
        if (payers.length < 2) {
          const other = before.non_payers[0];
          assert.ok(other, 'Emma has a second contact');
          await manager.getByTestId(`make-payer-${other.user_id}`).click();
          await manager.getByTestId(`payer-share-${other.user_id}`).waitFor();
          madePayers.push(other.user_id);
          payers = (await payersOf(manager, emma.id)).payers;
        }
        const two = payers.slice(0, 2);
        assert.equal(two.length, 2, 'two payers');
        await manager.getByTestId('payer-share-kind').getByText('Percent').click();
        for (const p of payers.slice(2)) await manager.getByTestId(`payer-share-${p.user_id}`).fill('');

        // Shares that do not add up: the error names the sum and nothing is saved.
        await manager.getByTestId(`payer-share-${two[0]!.user_id}`).fill('60');
        await manager.getByTestId(`payer-share-${two[1]!.user_id}`).fill('50');
        await manager.getByTestId('payer-shares-save').click();
        await manager
          .getByTestId('payer-shares-error')
          .getByText(/110\.00%, not 100%/)
          .waitFor();

        await manager.getByTestId(`payer-share-${two[0]!.user_id}`).fill('50');
        await manager.getByTestId('payer-shares-save').click();
        await manager.getByText('Payer shares saved.').first().waitFor();
        const saved = (await payersOf(manager, emma.id)).payers.filter((p) => two.some((t) => t.user_id === p.user_id));
        assert.deepEqual(
          saved.map((p) => [p.share_type, p.share]),
          [
            ['percent', 50],
            ['percent', 50],
          ],
        );

        // A cash payment: three decimals are refused on the field, then $12.34 is recorded.
        await manager.locator(`a[href="/billing/student/${emma.id}/overview"]`).click();
        await manager.getByTestId('record-payment').waitFor();
        const balanceBefore = await manager.getByTestId('student-balance').textContent();
        await manager.getByTestId('payment-amount').fill('12.345');
        await manager.getByTestId('payment-save').click();
        await manager.getByText('Use at most two decimals (cents).').waitFor();
        await manager.getByTestId('payment-amount').fill('12.34');
        await manager.getByTestId('payment-method').click();
        await manager.getByRole('option', { name: 'Cash' }).click();
        await manager.getByTestId('payment-save').click();
        await manager
          .getByText(/payment recorded|payment saved/i)
          .first()
          .waitFor();
        const pays = await api<{ getStudentAllPayments: { id: string; amount: number; method: string; status: string }[] }>(
          manager,
          'query($id: ID!) { getStudentAllPayments(id: $id) { id amount method status } }',
          { id: emma.id },
        );
        const mine = pays.getStudentAllPayments.find((p) => p.amount === 1234 && p.method === 'cash' && p.status === 'active');
        assert.ok(mine, 'the cash payment is recorded');
        paymentId = mine.id;
        await manager.waitForFunction(
          (was) => document.querySelector('[data-testid="student-balance"]')?.textContent !== was,
          balanceBefore,
          { timeout: 10_000 },
        );

        // The overview and the balance report (to today) show the same balance, as the API does.
        const api1 = await figures(manager, emma.location.id);
        assert.equal(api1.overview, api1.report, 'overview balance = balance report closing total');
        await manager.getByTestId('billing-tab-overview').click();
        await manager.getByTestId('billing-overview').waitFor();
        await manager.getByTestId('overview-balance').getByText(money(api1.overview), { exact: true }).waitFor();
        await manager.getByTestId('billing-tab-reports').click();
        await manager.getByTestId('report-link-balance').click();
        await manager.getByTestId('report-balance').waitFor();
        await manager.getByTestId('report-total-closing').getByText(money(api1.report), { exact: true }).waitFor();
        const shownOverview = money(api1.overview);
        const shownReport = await manager.getByTestId('report-total-closing').textContent();
        assert.equal(shownReport, shownOverview, 'the two screens agree');
      } finally {
        // Leave the demo as it was: the payment voided, the shares and payer flags back.
        if (paymentId)
          await api(manager, 'mutation($id: ID!) { voidPayment(id: $id, reason: "journey clean-up") { status } }', { id: paymentId });
        const restore = before.payers
          .filter((p) => p.share_type && p.share !== null)
          .map((p) => ({ user_id: p.user_id, share_type: p.share_type, value: p.share }));
        await api(
          manager,
          'mutation($s: ID!, $sh: [PayerShareInput!]!) { saveStudentPayerShares(student_id: $s, shares: $sh) { status } }',
          {
            s: emma.id,
            sh: restore,
          },
        ).catch(() => undefined);
        for (const user of madePayers)
          await api(manager, 'mutation($s: ID!, $u: ID!) { updateIsPayer(student_id: $s, user_id: $u, is_payer: false) { status } }', {
            s: emma.id,
            u: user,
          });
      }
    },
  },
];
