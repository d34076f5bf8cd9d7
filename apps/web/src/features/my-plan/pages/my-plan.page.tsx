import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DateTimeText, MoneyText } from '../../../components/formatted';
import { billingDay, InvoiceStatusBadge, PaymentStatusBadge } from '../../../components/platform-billing-status';
import { MyPlanBillingQuery, type MyPlanInvoice } from '../api/my-plan';
import { cardLine, PayInvoiceModal } from '../components/pay-invoice-modal';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** /kidsvision-plan (My Plan, the owner): the centre's plan, open invoices to pay, its invoices, payments and saved cards with the platform. */
export function MyPlanPage() {
  const { t } = useTranslation(['platformBilling', 'common']);
  const [{ data, fetching, error }, refetch] = useQuery({ query: MyPlanBillingQuery, requestPolicy: 'cache-and-network' });
  const [paying, setPaying] = useState<MyPlanInvoice | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  if (fetching && !data) return <Loader role="status" aria-label={t('common:loading')} />;
  if (!data) {
    return (
      <Alert color="danger" variant="light" role="alert">
        {error?.graphQLErrors[0]?.message ?? t('platformBilling:myPlan.loadFailed')}
      </Alert>
    );
  }
  const mine = data.getMyPlan;
  const billing = data.getMyPlanBilling;
  const open = billing.invoices.filter((i) => i.status === 'open' && Number(i.balance) > 0);
  const pendingFor = new Set(billing.payments.filter((p) => p.status === 'pending').map((p) => p.invoice_id));

  return (
    <Stack gap="md" data-testid="my-plan">
      <div>
        <Title order={1} size="h2">
          {t('platformBilling:myPlan.title')}
        </Title>
        <Text c="dimmed">{t('platformBilling:myPlan.lead')}</Text>
      </div>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text component="h2" fw={600}>
            {t('platformBilling:myPlan.planTitle')}
          </Text>
          <Badge variant="light" color={mine.status === 'active' ? 'success' : 'danger'}>
            {t(`platformBilling:centreStatus.${mine.status}`, { defaultValue: mine.status })}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <Fact label={t('platformBilling:centre.plan')}>
            <span data-testid="my-plan-name">{mine.plan ? mine.plan.name : t('platformBilling:centre.noPlan')}</span>
          </Fact>
          <Fact label={t('platformBilling:plans.price')}>
            {mine.plan ? (
              <>
                <MoneyText value={mine.plan.amount} /> /{' '}
                {t(`platformBilling:periods.${mine.plan.period}`, { defaultValue: mine.plan.period })}
              </>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={t('platformBilling:myPlan.trial')}>
            {mine.on_trial && mine.trial_ends_on
              ? t('platformBilling:myPlan.trialLine', { count: mine.trial_days_left ?? 0, date: billingDay(mine.trial_ends_on) })
              : t('platformBilling:myPlan.noTrial')}
          </Fact>
          <Fact label={t('platformBilling:centre.billingSince')}>{billingDay(mine.payment_start)}</Fact>
          <Fact label={t('platformBilling:centre.paysBy')}>
            <span data-testid="my-plan-pays-by">{t(`platformBilling:methods.${mine.billing_method}`, { defaultValue: mine.billing_method })}</span>
          </Fact>
        </SimpleGrid>
        {mine.plan?.note ? (
          <Text size="sm" c="dimmed" mt="sm">
            {mine.plan.note}
          </Text>
        ) : null}
      </Card>

      <Card withBorder radius="md" padding="lg" data-testid="my-plan-open">
        <Text component="h2" fw={600} mb="sm">
          {t('platformBilling:myPlan.toPay')}
        </Text>
        {open.length === 0 ? (
          <Text c="dimmed">{t('platformBilling:myPlan.nothingToPay')}</Text>
        ) : (
          <Stack gap="xs">
            {open.map((i) => (
              <Group key={i.id} justify="space-between" wrap="wrap" gap="sm" data-testid={`open-invoice-${i.id}`}>
                <Stack gap={0}>
                  <Text fw={500}>
                    {t('platformBilling:myPlan.invoiceLine', { number: i.id, period: `${billingDay(i.period_start)} – ${billingDay(i.period_end)}` })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('platformBilling:myPlan.dueOn', { date: billingDay(i.due_date) })}
                  </Text>
                </Stack>
                <Group gap="sm">
                  <Text fw={700}>
                    <MoneyText value={i.balance} />
                  </Text>
                  {pendingFor.has(i.id) ? (
                    <Badge variant="light" color="warning">
                      {t('platformBilling:myPlan.paymentPending')}
                    </Badge>
                  ) : (
                    <Button onClick={() => setPaying(i)} data-testid={`pay-invoice-${i.id}`}>
                      {t('platformBilling:myPlan.pay')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('platformBilling:myPlan.invoicesTitle')}
        </Text>
        {billing.invoices.length === 0 ? (
          <Text c="dimmed">{t('platformBilling:empty')}</Text>
        ) : (
          <div role="region" aria-label={t('platformBilling:myPlan.invoicesTitle')} tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped miw={560} aria-label={t('platformBilling:myPlan.invoicesTitle')} data-testid="my-plan-invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('platformBilling:invoices.number')}</Table.Th>
                  <Table.Th>{t('platformBilling:invoices.period')}</Table.Th>
                  <Table.Th>{t('platformBilling:invoices.due')}</Table.Th>
                  <Table.Th>{t('platformBilling:invoices.amount')}</Table.Th>
                  <Table.Th>{t('platformBilling:invoices.balance')}</Table.Th>
                  <Table.Th>{t('platformBilling:invoices.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {billing.invoices.map((i) => (
                  <Table.Tr key={i.id} data-testid={`my-invoice-${i.id}`}>
                    <Table.Td>#{i.id}</Table.Td>
                    <Table.Td>
                      {billingDay(i.period_start)} – {billingDay(i.period_end)}
                    </Table.Td>
                    <Table.Td>{billingDay(i.due_date)}</Table.Td>
                    <Table.Td>
                      <MoneyText value={i.amount} />
                    </Table.Td>
                    <Table.Td>
                      <MoneyText value={i.balance} />
                    </Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={i.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg">
          <Text component="h2" fw={600} mb="sm">
            {t('platformBilling:myPlan.paymentsTitle')}
          </Text>
          {billing.payments.length === 0 ? (
            <Text c="dimmed">{t('platformBilling:empty')}</Text>
          ) : (
            <div role="region" aria-label={t('platformBilling:myPlan.paymentsTitle')} tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table striped miw={420} aria-label={t('platformBilling:myPlan.paymentsTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('platformBilling:payments.date')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.amount')}</Table.Th>
                    <Table.Th>{t('platformBilling:payments.method')}</Table.Th>
                    <Table.Th>{t('platformBilling:invoices.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {billing.payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <DateTimeText value={p.created_at} />
                      </Table.Td>
                      <Table.Td>
                        <MoneyText value={p.amount} />
                      </Table.Td>
                      <Table.Td>
                        {t(`platformBilling:methods.${p.method}`, { defaultValue: p.method })}
                        {p.reference ? ` · ${p.reference}` : ''}
                      </Table.Td>
                      <Table.Td>
                        <PaymentStatusBadge status={p.status} />
                        {p.failure_message ? (
                          <Text size="xs" c="dimmed">
                            {p.failure_message}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text component="h2" fw={600} mb="sm">
            {t('platformBilling:myPlan.cardsTitle')}
          </Text>
          {billing.cards.length === 0 ? (
            <Text c="dimmed">{t('platformBilling:empty')}</Text>
          ) : (
            <Stack gap="xs" data-testid="my-plan-cards">
              {billing.cards.map((c) => (
                <Group key={c.id} gap="xs">
                  <Text>{cardLine(t, c)}</Text>
                  {c.is_default ? <Badge variant="default">{t('platformBilling:cards.default')}</Badge> : null}
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      {paying ? (
        <PayInvoiceModal
          key={paying.id}
          invoice={paying}
          cards={billing.cards}
          publishableKey={billing.publishable_key}
          billingMethod={mine.billing_method}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
