import { Badge, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { centsToInput, parseMoney } from '@kv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import type { AgencyStudentListQuery } from '../../../../graphql/generated/tenant-api';
import { formatDay } from '../../../../lib/format';
import { fieldErrors } from '../../../../lib/graphql-errors';
import { reportMutationError } from '../../../../lib/mutation-feedback';
import { showNotice } from '../../../../lib/notices';
import { RemoveAgencyStudentMutation, UpdateAgencyStudentsMutation } from '../api/agencies.mutation';
import { AgencyQuery, AgencyStudentsQuery, LocationStudentsQuery } from '../api/agencies.query';
import { AgencyHeader } from '../components/agency-header';
import { addDaysIso, DANGER_ERRORS, todayIso } from '../lib/format';
import { money } from '../../lib/billing';

type Auth = AgencyStudentListQuery['getAgencyStudentList'][number];
interface Draft {
  student_id: string | null;
  authorization_number: string;
  start_date: string;
  end_date: string;
  days_per_week: number;
  rate: string;
  copay: string;
  absence_allowance: number;
}

const blank = (): Draft => ({
  student_id: null,
  authorization_number: '',
  start_date: todayIso(),
  end_date: addDaysIso(todayIso(), 180),
  days_per_week: 5,
  rate: '',
  copay: '0',
  absence_allowance: 3,
});

/** /billing/agency/:agencyId/students: each child's authorisation (number, dates, days a week, rate, co-pay), edited in place. */
export function AgencyStudentsPage() {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const [{ data: a }] = useQuery({ query: AgencyQuery, variables: { id: agencyId } });
  const [{ data, fetching }, refetch] = useQuery({ query: AgencyStudentsQuery, variables: { id: agencyId } });
  const locationId = a?.getAgency.location_id ?? null;
  const [{ data: kids }] = useQuery({ query: LocationStudentsQuery, variables: { location_id: locationId }, pause: !locationId });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [moneyErrors, setMoneyErrors] = useState<Record<string, string>>({});
  const [saved, save] = useMutation(UpdateAgencyStudentsMutation);
  const [, remove] = useMutation(RemoveAgencyStudentMutation);
  const errs = Object.fromEntries(Object.entries(fieldErrors(saved.error)).map(([k, v]) => [k.replace(/^students\.0\./, ''), v]));
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const columns: DataTableColumn<Auth>[] = [
    { key: 'student_name', header: t('columns.student'), sortable: true, searchable: true },
    { key: 'authorization_number', header: t('fields.authorization_number'), searchable: true },
    { key: 'start_date', header: t('fields.start_date'), sortable: true, render: (r) => formatDay(r.start_date) },
    { key: 'end_date', header: t('fields.end_date'), sortable: true, render: (r) => formatDay(r.end_date) },
    { key: 'days_per_week', header: t('fields.days_per_week') },
    { key: 'rate', header: t('fields.rate'), render: (r) => money(r.rate) },
    { key: 'copay', header: t('fields.copay'), render: (r) => money(r.copay) },
    { key: 'status', header: t('columns.status'), render: (r) => <Badge variant="light">{t(`status.${r.status}`)}</Badge> },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={t('students.editOf', { name: r.student_name })}
            onClick={() =>
              setDraft({
                student_id: r.student_id,
                authorization_number: r.authorization_number,
                start_date: r.start_date,
                end_date: r.end_date,
                days_per_week: r.days_per_week,
                rate: centsToInput(r.rate),
                copay: centsToInput(r.copay),
                absence_allowance: r.absence_allowance,
              })
            }
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="danger"
            aria-label={t('students.removeOf', { name: r.student_name })}
            onClick={() => confirmDelete(t, r.student_name, () => removeOne(r))}
          >
            {t('actions.remove')}
          </Button>
        </Group>
      ),
    },
  ];

  async function removeOne(r: Auth) {
    const res = await remove({ student_id: r.student_id, agency_id: agencyId });
    if (reportMutationError(res.error, t)) return;
    if (res.data) showNotice(res.data.removeAgencyStudent);
    reload();
  }

  async function submit(d: Draft) {
    const rate = parseMoney(d.rate);
    const copay = parseMoney(d.copay);
    const bad: Record<string, string> = {};
    if (!rate.ok) bad.rate = rate.message;
    if (!copay.ok) bad.copay = copay.message;
    if (!d.student_id) bad.student_id = t('students.pickChild');
    setMoneyErrors(bad);
    if (!rate.ok || !copay.ok || !d.student_id) return;
    const r = await save({
      id: agencyId,
      students: [
        {
          student_id: d.student_id,
          authorization_number: d.authorization_number,
          start_date: d.start_date,
          end_date: d.end_date,
          days_per_week: d.days_per_week,
          rate: rate.cents,
          copay: copay.cents,
          absence_allowance: d.absence_allowance,
        },
      ],
    });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.updateAgencyStudents);
    setDraft(null);
    reload();
  }

  return (
    <AgencyHeader>
      <Group justify="flex-end">
        <Button onClick={() => setDraft(blank())}>{t('students.add')}</Button>
      </Group>
      <DataTable
        label={t('tabs.students')}
        rows={data?.getAgencyStudentList ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
      />
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('students.editor')}
        size="lg"
      >
        {draft && (
          <form
            style={DANGER_ERRORS}
            onSubmit={(e) => {
              e.preventDefault();
              void submit(draft);
            }}
          >
            <Stack gap="sm">
              <Select
                label={t('columns.student')}
                searchable
                required
                data={(kids?.students.data ?? []).map((k) => ({ value: k.id, label: k.full_name }))}
                value={draft.student_id}
                onChange={(v) => setDraft({ ...draft, student_id: v })}
                error={moneyErrors.student_id ?? errs.student_id}
              />
              <TextInput
                label={t('fields.authorization_number')}
                required
                value={draft.authorization_number}
                error={errs.authorization_number}
                onChange={(e) => setDraft({ ...draft, authorization_number: e.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="date"
                  label={t('fields.start_date')}
                  required
                  value={draft.start_date}
                  error={errs.start_date}
                  onChange={(e) => setDraft({ ...draft, start_date: e.currentTarget.value })}
                />
                <TextInput
                  type="date"
                  label={t('fields.end_date')}
                  required
                  value={draft.end_date}
                  error={errs.end_date}
                  onChange={(e) => setDraft({ ...draft, end_date: e.currentTarget.value })}
                />
                <NumberInput
                  label={t('fields.days_per_week')}
                  min={1}
                  max={7}
                  value={draft.days_per_week}
                  error={errs.days_per_week}
                  onChange={(v) => setDraft({ ...draft, days_per_week: Number(v) || 0 })}
                />
                <NumberInput
                  label={t('fields.absence_allowance')}
                  min={0}
                  max={31}
                  value={draft.absence_allowance}
                  error={errs.absence_allowance}
                  onChange={(v) => setDraft({ ...draft, absence_allowance: Number(v) || 0 })}
                />
                <TextInput
                  label={t('fields.rate')}
                  inputMode="decimal"
                  required
                  value={draft.rate}
                  error={moneyErrors.rate ?? errs.rate}
                  onChange={(e) => setDraft({ ...draft, rate: e.currentTarget.value })}
                />
                <TextInput
                  label={t('fields.copay')}
                  inputMode="decimal"
                  value={draft.copay}
                  error={moneyErrors.copay ?? errs.copay}
                  onChange={(e) => setDraft({ ...draft, copay: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={saved.fetching}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </AgencyHeader>
  );
}
