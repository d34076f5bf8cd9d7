import { Badge, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { AppLink } from '../../../../components/app-link';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import { currentLocation } from '../../../../lib/current-location';
import { formatDay } from '../../../../lib/format';
import { fieldErrors } from '../../../../lib/graphql-errors';
import { reportMutationError } from '../../../../lib/mutation-feedback';
import { showNotice } from '../../../../lib/notices';
import { paths } from '../../../../lib/paths';
import type { AgencyListQuery, SubsidyReconciliationQuery } from '../../../../graphql/generated/tenant-api';
import { CreateAgencyMutation } from '../api/agencies.mutation';
import { AgenciesQuery, ReconciliationQuery } from '../api/agencies.query';
import { AgencyForm, emptyAgency } from '../components/agency-form';
import { addDaysIso, DANGER_ERRORS, todayIso } from '../lib/format';
import { money } from '../../lib/billing';
import { BillingTabs } from '../../components/billing-tabs';

type AgencyRow = AgencyListQuery['getAgencies'][number];
type Finding = SubsidyReconciliationQuery['getSubsidyReconciliation']['rows'][number];

/**
 * /billing/subsidies: the location's agencies (add one; open its account) and the subsidy
 * reconciliation for a date range and agency: each discrepancy with the money at risk and a fix.
 */
export function SubsidiesPage() {
  const { t } = useTranslation('agencies');
  const navigate = useNavigate();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const locationId = location?.id ?? null;
  const [{ data, fetching }] = useQuery({ query: AgenciesQuery, variables: { location_id: locationId }, pause: !locationId });
  const agencies = data?.getAgencies ?? [];
  const [adding, setAdding] = useState(false);
  const [created, create] = useMutation(CreateAgencyMutation);

  const today = todayIso();
  const [range, setRange] = useState({ from: addDaysIso(today, -60), to: today });
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const [recon] = useQuery({
    query: ReconciliationQuery,
    variables: { location_id: locationId ?? '', from: range.from, to: range.to, agency_id: agencyId },
    pause: !locationId || !range.from || !range.to,
  });
  const rangeErrors = fieldErrors(recon.error);

  const agencyColumns: DataTableColumn<AgencyRow>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      searchable: true,
      render: (r) => <AppLink to={paths.billingAgency.to({ agencyId: r.id })}>{r.name}</AppLink>,
    },
    { key: 'contact_name', header: t('fields.contact_name'), searchable: true },
    { key: 'students_count', header: t('columns.students'), sortable: true },
    { key: 'balance', header: t('columns.owes'), sortable: true, render: (r) => money(r.balance) },
  ];
  const findingColumns: DataTableColumn<Finding>[] = useMemo(
    () => [
      { key: 'student_name', header: t('columns.student'), sortable: true, searchable: true },
      {
        key: 'agency_name',
        header: t('columns.agency'),
        searchable: true,
        render: (r) => <AppLink to={paths.billingAgencyStudents.to({ agencyId: r.agency_id })}>{r.agency_name}</AppLink>,
      },
      {
        key: 'kind',
        header: t('columns.kind'),
        sortable: true,
        value: (r) => t(`kinds.${r.kind}`),
        render: (r) => <Badge variant="light">{t(`kinds.${r.kind}`)}</Badge>,
      },
      { key: 'detail', header: t('columns.detail'), searchable: true, render: (r) => <Text size="sm">{r.detail}</Text> },
      { key: 'date', header: t('columns.date'), sortable: true, render: (r) => formatDay(r.date) },
      { key: 'amount_at_risk', header: t('columns.atRisk'), sortable: true, render: (r) => money(r.amount_at_risk) },
      { key: 'fix', header: t('columns.fix'), render: (r) => <Text size="sm">{r.fix}</Text> },
    ],
    [t],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('subsidies.title')}
        </Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => navigate(paths.billingSubsidiesAgencyAccount.to())}>
            {t('account.title')}
          </Button>
          <Button onClick={() => setAdding(true)} disabled={!locationId}>
            {t('subsidies.add')}
          </Button>
        </Group>
      </Group>
      <BillingTabs />
      {!locationId && <Text>{t('subsidies.pickLocation')}</Text>}

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('subsidies.agencies')}
        </Title>
        <DataTable label={t('subsidies.agencies')} rows={agencies} columns={agencyColumns} rowKey={(r) => r.id} loading={fetching} />
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('reconciliation.title')}
            </Title>
            <Text>
              {t('reconciliation.total')}:{' '}
              <strong data-testid="total-at-risk">{money(recon.data?.getSubsidyReconciliation.total_at_risk)}</strong>
            </Text>
          </Group>
          <Group gap="sm" wrap="wrap" align="flex-start" style={DANGER_ERRORS}>
            <TextInput
              type="date"
              label={t('reconciliation.from')}
              value={range.from}
              error={rangeErrors.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('reconciliation.to')}
              value={range.to}
              error={rangeErrors.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            />
            <Select
              label={t('reconciliation.agency')}
              placeholder={t('reconciliation.allAgencies')}
              clearable
              data={agencies.map((a) => ({ value: a.id, label: a.name }))}
              value={agencyId}
              onChange={setAgencyId}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('reconciliation.lead')}
          </Text>
          <DataTable
            label={t('reconciliation.title')}
            rows={recon.data?.getSubsidyReconciliation.rows ?? []}
            columns={findingColumns}
            rowKey={(r) => `${r.kind}:${r.agency_id}:${r.student_id}:${r.invoice_id ?? r.date ?? ''}`}
            loading={recon.fetching}
          />
        </Stack>
      </Card>

      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('subsidies.add')}
      >
        <AgencyForm
          initial={emptyAgency}
          submitLabel={t('actions.create')}
          busy={created.fetching}
          error={created.error}
          onSubmit={async (v) => {
            if (!locationId) return;
            const r = await create({ location_id: locationId, ...v });
            if (reportMutationError(r.error, t)) return;
            if (r.data) showNotice(r.data.createAgency);
            setAdding(false);
            const id = r.data?.createAgency.agency?.id;
            if (id) navigate(paths.billingAgencyStudents.to({ agencyId: id }));
          }}
        />
      </Modal>
    </Stack>
  );
}
