import assert from 'node:assert/strict';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

type Gap = { kind: string; student_id: string; name: string };
const SAVE = 'mutation($s: ID!, $d: [String!]!) { saveStudentImmunization(student_id: $s, code: "HepA", doses: $d) { status } }';

export const journeys: Journey[] = [
  {
    name: 'a manager records the overdue hepatitis A dose on Noah’s profile and the dose gap closes; the parent sees it at 375 px',
    async run({ pageAs }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(
        manager,
        '{ dropdownLocations { id name } }',
      );
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown not found');
      const { paginateStudents } = await api<{ paginateStudents: { data: { id: string; fname: string; lname: string }[] } }>(
        manager,
        '{ paginateStudents(first: 10, search: "Noah Bennett") { data { id fname lname } } }',
      );
      const noah = paginateStudents.data.find((s) => s.fname === 'Noah' && s.lname === 'Bennett');
      assert.ok(noah, 'Noah Bennett not found');
      const doseGaps = async () =>
        (
          await api<{ getComplianceGaps: Gap[] }>(
            manager,
            'query($l: ID!) { getComplianceGaps(location_id: $l) { kind student_id name } }',
            { l: downtown.id },
          )
        ).getComplianceGaps.filter((g) => g.kind === 'dose' && g.student_id === noah.id);
      // The seed leaves Noah behind on hepatitis A (the demo parent's youngest); a rerun starts from there.
      await api(manager, SAVE, { s: noah.id, d: [] });
      try {
        assert.deepEqual(
          (await doseGaps()).map((g) => g.name),
          ['Hepatitis A dose 1'],
        );
        await manager.goto(`${hosts.demo}/teacher/student/${noah.id}`);
        await settled(manager);
        const panel = manager.getByTestId('student-immunizations');
        await panel.waitFor();
        await panel.getByTestId('immunization-status-HepA').filter({ hasText: 'Overdue' }).waitFor();
        await panel.getByTestId('immunization-gaps').filter({ hasText: '1 gap' }).waitFor();
        await panel.getByTestId('immunization-record-HepA').click();
        const form = manager.getByTestId('immunization-doses-form');
        await form.getByTestId('dose-1').fill('2025-08-20');
        await form.getByTestId('immunization-doses-save').click();
        await form.waitFor({ state: 'detached' });
        await panel.getByTestId('immunization-status-HepA').filter({ hasText: 'Due' }).waitFor();
        await panel.getByTestId('immunization-gaps').filter({ hasText: 'Up to date' }).waitFor();
        assert.deepEqual(await doseGaps(), [], 'the dose gap closed');

        // The demo parent, on a phone: the dose and its status on Noah's profile.
        const parent = await pageAs(hosts.demo, 'parent');
        await parent.setViewportSize({ width: 375, height: 800 });
        await parent.goto(`${hosts.demo}/user/student/${noah.id}`);
        await settled(parent);
        const own = parent.getByTestId('student-immunizations');
        await own.waitFor();
        await own.getByText('08/20/2025').first().waitFor();
        await own.getByTestId('immunization-status-HepA').filter({ hasText: 'Due' }).waitFor();
      } finally {
        await api(manager, SAVE, { s: noah.id, d: [] });
      }
    },
  },
];
