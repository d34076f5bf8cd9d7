import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table/data-table';
import type { BillingBalanceReportQuery, BillingPlansQuery } from '../../../graphql/generated/tenant-api';
import { paths } from '../../../lib/paths';
import {
  BalanceReportQuery,
  BillingPlansQuery as PlansQuery,
  DeactivatePlanMutation,
  PausePlanMutation,
  UnpausePlanMutation,
} from '../api/billing.graphql';
import { BillingPage, SubLinks } from '../components/billing-tabs';
import { day, money, today, useBillingLocation, writeOutcome } from '../lib/billing';
import { useLocationStudents, type StudentNameRow } from '../lib/students';

function StudentLinks() {
  const { t } = useTranslation('billing');
  return (
    <SubLinks
      links={[
        { to: paths.billingStudents.to(), label: t('students.title') },
        { to: paths.billingStudentsOverview.to(), label: t('students.balances') },
        { to: paths.billingStudentsPlans.to(), label: t('plans.title') },
      ]}
    />
  );
}

/** /billing/students: the location's children, each opening their billing account. */
export function BillingStudentsPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const students = useLocationStudents(location);
  return (
    <BillingPage title={t('students.title')} sub={<StudentLinks />} testId="billing-students">
      <DataTable<StudentNameRow>
        label={t('students.title')}
        {...students.table}
        columns={[
          {
            key: 'full_name',
            header: t('fields.student'),
            render: (r) => <AppLink to={paths.billingStudentOverview.to({ studentId: r.id })}>{r.full_name}</AppLink>,
          },
          { key: 'billing_program.name', header: t('fields.billingProgram'), render: (r) => r.billing_program?.name ?? '' },
        ]}
      />
    </BillingPage>
  );
}

type BalanceRow = BillingBalanceReportQuery['report']['data'][number];

/** /billing/students/overview: each child's balance today (the balance report of today). */
export function BillingStudentsOverviewPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const date = today();
  const [{ data, fetching }] = useQuery({
    query: BalanceReportQuery,
    variables: { location_id: location ?? '', from: date, to: date, ...paging },
    pause: !location,
    requestPolicy: 'cache-and-network',
  });
  return (
    <BillingPage title={t('students.balances')} sub={<StudentLinks />} testId="billing-students-overview">
      <DataTable<BalanceRow>
        label={t('students.balances')}
        rows={data?.report.data ?? []}
        loading={fetching}
        rowKey={(r) => r.student_id}
        server={{ paginatorInfo: data?.report.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          {
            key: 'student_name',
            header: t('fields.student'),
            render: (r) => <AppLink to={paths.billingStudentOverview.to({ studentId: r.student_id })}>{r.student_name}</AppLink>,
          },
          { key: 'closing', header: t('fields.balance'), render: (r) => money(r.closing) },
        ]}
      />
    </BillingPage>
  );
}

type PlanRow = BillingPlansQuery['getBillingPlans'][number];

/** The actions on a plan: pause (date), unpause, deactivate (date). */
export function PlanActions({ plan, done }: { plan: PlanRow; done(): void }) {
  const { t } = useTranslation('billing');
  const [mode, setMode] = useState<'pause' | 'end' | null>(null);
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const [, pause] = useMutation(PausePlanMutation);
  const [, unpause] = useMutation(UnpausePlanMutation);
  const [, end] = useMutation(DeactivatePlanMutation);
  async function save() {
    const result = mode === 'pause' ? await pause({ id: plan.id, date }) : await end({ id: plan.id, date });
    const outcome = writeOutcome(result, ['date']);
    setError(outcome.errors.date ?? null);
    if (outcome.ok) {
      setMode(null);
      done();
    }
  }
  return (
    <Group gap={4} wrap="wrap">
      {plan.status === 'active' ? (
        <Button size="compact-xs" variant="light" onClick={() => setMode('pause')}>
          {t('plans.pause')}
        </Button>
      ) : null}
      {plan.status === 'paused' ? (
        <Button size="compact-xs" variant="light" onClick={async () => writeOutcome(await unpause({ id: plan.id }), []).ok && done()}>
          {t('plans.unpause')}
        </Button>
      ) : null}
      {plan.status !== 'ended' ? (
        <Button size="compact-xs" variant="light" color="danger" onClick={() => setMode('end')}>
          {t('plans.deactivate')}
        </Button>
      ) : null}
      <Modal opened={mode !== null} onClose={() => setMode(null)} title={mode === 'pause' ? t('plans.pause') : t('plans.deactivate')}>
        <Stack>
          <TextInput type="date" label={t('fields.date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={error} />
          <Button onClick={save}>{t('actions.save')}</Button>
        </Stack>
      </Modal>
    </Group>
  );
}

export function planColumns(t: (k: string) => string, done: () => void, withStudent: boolean) {
  return [
    ...(withStudent
      ? [
          {
            key: 'student_id',
            header: t('fields.student'),
            render: (r: PlanRow) => (
              <AppLink to={paths.billingStudentPlansDetail.to({ studentId: r.student_id })}>{t('plans.account')}</AppLink>
            ),
          },
        ]
      : []),
    { key: 'name', header: t('fields.name') },
    { key: 'amount', header: t('fields.amount'), render: (r: PlanRow) => money(r.amount) },
    { key: 'period', header: t('fields.period'), render: (r: PlanRow) => t(`periods.${r.period}`) },
    { key: 'start_date', header: t('fields.startDate'), render: (r: PlanRow) => day(r.start_date) },
    { key: 'status', header: t('fields.status'), render: (r: PlanRow) => t(`status.${r.status}`) },
    { key: 'actions', header: '', sortable: false, searchable: false, render: (r: PlanRow) => <PlanActions plan={r} done={done} /> },
  ];
}

/** /billing/students/plans: the location's plans (active, paused, ended). */
export function BillingStudentsPlansPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [{ data, fetching }, refetch] = useQuery({ query: PlansQuery, variables: { location_id: location }, pause: !location });
  return (
    <BillingPage title={t('plans.title')} sub={<StudentLinks />} testId="billing-plans">
      <DataTable<PlanRow>
        label={t('plans.title')}
        rows={data?.getBillingPlans ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={planColumns(t, () => refetch({ requestPolicy: 'network-only' }), true)}
      />
    </BillingPage>
  );
}
