import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@kv/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { MoneyText } from '../../../components/formatted';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { AttachPlanMutation, CenterBillingQuery, ChargeCenterMutation } from '../api/center-billing';
import { billingDay, InvoiceStatusBadge } from '../../../components/platform-billing-status';
import { Fact } from './figures';

/**
 * A centre's platform billing (admin; the API's platform billing is admin only): its plan, putting
 * it on another plan, charging its open invoices on the default card, and its latest invoices.
 */
export function CentrePlanCard({ centreId }: { centreId: string }) {
  const { t } = useTranslation(['platformBilling', 'common']);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CenterBillingQuery,
    variables: { center_id: centreId },
    requestPolicy: 'cache-and-network',
  });
  const [attachState, attach] = useMutation(AttachPlanMutation);
  const [chargeState, charge] = useMutation(ChargeCenterMutation);
  const [planId, setPlanId] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const centre = data?.getCenter;
  const plans = data?.getCenterPlans.data ?? [];
  const current = plans.find((p) => p.id === centre?.center_billing_plan_id) ?? null;
  const card = data?.getCenterCards.find((c) => c.is_default) ?? null;
  const invoices = data?.getCenterInvoices.data ?? [];
  const open = invoices.filter((i) => i.status === 'open').length;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-plan">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text component="h2" fw={600}>
          {t('platformBilling:centre.title')}
        </Text>
        <Anchor component={Link} to={paths.centersInvoices.to()} size="sm">
          {t('platformBilling:centre.allInvoices')}
        </Anchor>
      </Group>
      {fetching && !data ? <Text c="dimmed">{t('common:loading')}</Text> : null}
      {!fetching && !data && error ? (
        <Alert color="danger" variant="light" role="alert">
          {error.graphQLErrors[0]?.message ?? t('common:errors.network')}
        </Alert>
      ) : null}
      {centre ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
            <Fact label={t('platformBilling:centre.plan')} testId="centre-plan-name">
              {current ? current.name : t('platformBilling:centre.noPlan')}
            </Fact>
            <Fact label={t('platformBilling:plans.price')}>
              {current ? (
                <>
                  <MoneyText value={current.amount} /> / {t(`platformBilling:periods.${current.period}`, { defaultValue: current.period })}
                </>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('platformBilling:centre.billingSince')}>{billingDay(centre.payment_start)}</Fact>
            <Fact label={t('platformBilling:centre.paysBy')} testId="centre-pays-by">
              {t(`platformBilling:methods.${centre.billing_method}`, { defaultValue: centre.billing_method })}
            </Fact>
            <Fact label={t('platformBilling:centre.card')}>
              {card
                ? t('platformBilling:cards.line', {
                    brand: card.brand.toUpperCase(),
                    last4: card.last4,
                    month: String(card.exp_month).padStart(2, '0'),
                    year: card.exp_year,
                  })
                : t('platformBilling:centre.noCard')}
            </Fact>
          </SimpleGrid>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('platformBilling:centre.attachLabel')}
              placeholder={t('platformBilling:centre.choosePlan')}
              data={plans
                .filter((p) => p.active && p.id !== current?.id)
                .map((p) => ({
                  value: p.id,
                  label: `${p.name} (${formatMoney(p.amount)} / ${t(`platformBilling:periods.${p.period}`, { defaultValue: p.period })})`,
                }))}
              value={planId}
              onChange={setPlanId}
              w={{ base: '100%', xs: 300 }}
              data-testid="attach-plan-select"
            />
            <Button
              disabled={!planId}
              loading={attachState.fetching}
              data-testid="attach-plan"
              onClick={async () => {
                if (!planId) return;
                const result = await attach({ center_id: centreId, plan_id: planId });
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.attachCenterPlan);
                setPlanId(null);
                reload();
              }}
            >
              {t('platformBilling:centre.attach')}
            </Button>
            <Button
              variant="light"
              disabled={!card || !current}
              loading={chargeState.fetching}
              data-testid="charge-centre"
              onClick={async () => {
                const result = await charge({ center_id: centreId });
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.chargeCenter);
                reload();
              }}
            >
              {t('platformBilling:centre.charge', { count: open })}
            </Button>
          </Group>
          {invoices.length === 0 ? (
            <Text c="dimmed">{t('platformBilling:empty')}</Text>
          ) : (
            <div role="region" aria-label={t('platformBilling:centre.latestInvoices')} tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table striped miw={520} aria-label={t('platformBilling:centre.latestInvoices')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('platformBilling:invoices.number')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.period')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.amount')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.balance')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>#{i.id}</Table.Td>
                      <Table.Td>
                        {billingDay(i.period_start)} – {billingDay(i.period_end)}
                      </Table.Td>
                      <Table.Td>
                        <MoneyText value={i.amount} />
                      </Table.Td>
                      <Table.Td>
                        <MoneyText value={i.balance} />
                      </Table.Td>
                      <Table.Td>
                        <InvoiceStatusBadge status={i.status} dueDate={i.due_date} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Stack>
      ) : null}
    </Card>
  );
}
