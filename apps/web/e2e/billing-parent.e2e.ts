import assert from 'node:assert/strict';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { sidewaysAtWidths } from './support/widths';

type Students = {
  getUserBillingStudents: { id: string; name: string; open_invoices: { invoice_id: string; total: number; balance: number; share: number; open: number }[] }[];
};
const STUDENTS = '{ getUserBillingStudents { id name open_invoices { invoice_id total balance share open } } }';
const CARDS = '{ getUserPaymentMethods { cards { id last4 } } }';

export const journeys: Journey[] = [
  {
    name: 'the demo parent adds a card through Stripe.js and pays their half of a two-payer invoice',
    async run({ pageAs, checkA11y }) {
      const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
      const before = (await api<{ getUserPaymentMethods: { cards: { id: string }[] } }>(parent, CARDS)).getUserPaymentMethods.cards.length;

      // billing2: the card element of the Stripe.js stand-in, confirmCardSetup, the card saved.
      await parent.goto(`${hosts.demo}/user/students/billing2`);
      await settled(parent);
      await parent.getByTestId('add-card').click();
      await parent.getByLabel('Card number').fill('4242 4242 4242 4242');
      await parent.getByLabel('Expiry (MM/YY)').fill('12/34');
      await parent.getByLabel('CVC').fill('123');
      await parent.getByTestId('save-card').click();
      await parent.getByTestId('saved-card').nth(before).waitFor({ timeout: 15_000 });
      const after = (await api<{ getUserPaymentMethods: { cards: { id: string }[] } }>(parent, CARDS)).getUserPaymentMethods.cards.length;
      assert.equal(after, before + 1, 'the new card is saved');
      await checkA11y(parent, '/user/students/billing2');

      // billing: the two-payer invoice (seeded 50/50), the parent pays their half by card.
      const kids = (await api<Students>(parent, STUDENTS)).getUserBillingStudents;
      const split = kids.flatMap((k) => k.open_invoices).find((i) => i.share < i.total && i.open > 0);
      assert.ok(split, 'the demo parent has an open two-payer invoice');
      await parent.goto(`${hosts.demo}/user/students/billing`);
      await settled(parent);
      const money = `$${(split.open / 100).toFixed(2)}`;
      await parent.getByTestId('pay-share').filter({ hasText: money }).first().click();
      await parent.getByText('Payment received. Thank you.').first().waitFor({ timeout: 15_000 });
      const now = (await api<Students>(parent, STUDENTS)).getUserBillingStudents.flatMap((k) => k.open_invoices);
      const paid = now.find((i) => i.invoice_id === split.invoice_id);
      // Half paid: the invoice still owes the other payer's half, and nothing of the parent's.
      if (paid) {
        assert.equal(paid.open, 0);
        assert.equal(paid.balance, split.balance - split.open);
      } else assert.equal(split.balance, split.open, 'the invoice closes only when the parent owed all of it');

      assert.deepEqual(await sidewaysAtWidths(parent, '/user/students/billing'), []);
      await checkA11y(parent, '/user/students/billing');
    },
  },
];
