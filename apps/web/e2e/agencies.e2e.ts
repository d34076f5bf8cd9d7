import assert from 'node:assert/strict';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'the manager finds the planted subsidy discrepancies and adds an authorisation (co-pay above the rate refused)',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'manager');
      await page.goto(`${hosts.demo}/billing/subsidies`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Subsidies' }).waitFor();
      const recon = page.getByRole('table', { name: 'Subsidy reconciliation' });
      for (const kind of ['Days beyond authorisation', 'Absences over allowance', 'Authorisation ending', 'Agency short-pay'])
        await recon.getByText(kind, { exact: true }).first().waitFor();
      assert.notEqual(await page.getByTestId('total-at-risk').innerText(), '$0.00');
      await checkA11y(page, 'demo /billing/subsidies');

      const data = await api<{ getAgencies: { id: string; name: string; location_id: string }[] }>(
        page,
        '{ getAgencies { id name location_id } }',
      );
      const agency = data.getAgencies[0]!;
      const listed = await api<{ getAgencyStudentList: { student_id: string }[] }>(
        page,
        'query($id: ID!) { getAgencyStudentList(id: $id) { student_id } }',
        { id: agency.id },
      );
      const kids = await api<{ students: { data: { id: string; full_name: string }[] } }>(
        page,
        'query($l: ID) { students(location_id: $l, status: true, first: 100) { data { id full_name } } }',
        { l: agency.location_id },
      );
      const taken = new Set(listed.getAgencyStudentList.map((s) => s.student_id));
      const kid = kids.students.data.find((k) => !taken.has(k.id))!;
      assert.ok(kid, 'a child without an authorisation');
      try {
        await page.goto(`${hosts.demo}/billing/agency/${agency.id}/students`);
        await settled(page);
        await page.getByRole('heading', { level: 1, name: agency.name }).waitFor();
        await page.getByRole('button', { name: 'Add child' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: 'Child' }).fill(kid.full_name);
        await page.getByRole('option', { name: kid.full_name }).first().click();
        await dialog.getByRole('textbox', { name: 'Authorization number' }).fill('E2E-0001');
        await dialog.getByRole('textbox', { name: 'Weekly rate ($)' }).fill('100');
        await dialog.getByRole('textbox', { name: 'Weekly co-pay ($)' }).fill('150');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('The co-pay is more than the rate.').waitFor();
        await checkA11y(page, 'demo agency authorisation dialog');
        await dialog.getByRole('textbox', { name: 'Weekly co-pay ($)' }).fill('20');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('table', { name: 'Children' }).getByText('E2E-0001').waitFor();
      } finally {
        await api(page, 'mutation($s: ID!, $a: ID!) { removeAgencyStudent(student_id: $s, agency_id: $a) { status } }', {
          s: kid.id,
          a: agency.id,
        }).catch(() => {});
      }
    },
  },
];
