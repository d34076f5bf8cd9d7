import { Alert, Badge, Button, Card, Group, Pagination, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { formatDay } from '../../../../lib/format';
import { showMessage, showNotice } from '../../../../lib/notices';
import { paths } from '../../../../lib/paths';
import { useViewer } from '../../../../lib/shell-context';
import { AutopayMutation, ChargeMutation, InvoicesQuery, MethodsQuery, StudentsQuery } from '../api/billing-parent';
import { sourceLine } from '../lib/format';
import { money } from '../../lib/billing';

const PAGE = 10;

type Student = {
  id: string;
  name: string;
  location_name: string;
  balance: number;
  my_open: number;
  allow_card: boolean;
  open_invoices: { invoice_id: string; due_date: string; total: number; balance: number; share: number; open: number }[];
};

/** /user/students/billing: each child's balance, the parent's open shares (pay by card), autopay and the invoices line by line. */
export function ParentBillingPage() {
  const { t } = useTranslation('billingParent');
  const [{ data, fetching }, refresh] = useQuery({ query: StudentsQuery, requestPolicy: 'cache-and-network' });
  const [methods, refreshMethods] = useQuery({ query: MethodsQuery, requestPolicy: 'cache-and-network' });
  const kids: Student[] = data?.getUserBillingStudents ?? [];
  const m = methods.data?.getUserPaymentMethods;
  const [, setAutopay] = useMutation(AutopayMutation);
  const reload = () => {
    refresh({ requestPolicy: 'network-only' });
    refreshMethods({ requestPolicy: 'network-only' });
  };
  return (
    <Stack gap="md" data-testid="parent-billing">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component={Link} to={paths.userStudentsBilling2.to()} variant="light" data-testid="manage-cards">
          {t('cards.manage')}
        </Button>
      </Group>
      {m ? (
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label={t('autopay.label')}
              description={m.cards.length ? t('autopay.help') : t('autopay.needCard')}
              checked={m.autopay}
              disabled={!m.cards.length}
              data-testid="autopay"
              onChange={async (e) => {
                const r = await setAutopay({ enabled: e.currentTarget.checked });
                if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('error'), false);
                else if (r.data) showNotice(r.data.setUserAutopay);
                reload();
              }}
            />
            {m.cards.some((c: { expiring_soon: boolean }) => c.expiring_soon) ? (
              <Alert color="orange" data-testid="card-expiring">
                {t('cards.expiringWarning')}
              </Alert>
            ) : null}
          </Stack>
        </Card>
      ) : null}
      {!fetching && data && !kids.length ? <Text c="dimmed">{t('empty')}</Text> : null}
      {kids.map((k) => (
        <ChildBilling key={k.id} child={k} hasCard={Boolean(m?.default_payment_method)} onPaid={reload} />
      ))}
    </Stack>
  );
}

function ChildBilling({ child, hasCard, onPaid }: { child: Student; hasCard: boolean; onPaid: () => void }) {
  const { t } = useTranslation('billingParent');
  const viewer = useViewer();
  const [, charge] = useMutation(ChargeMutation);
  const [paying, setPaying] = useState<string | null>(null);
  const pay = async (invoiceId: string) => {
    setPaying(invoiceId);
    const r = await charge({ user_id: String(viewer.user?.id ?? ''), id: invoiceId });
    setPaying(null);
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('error'), false);
    else if (r.data) showNotice(r.data.chargeUserInvoice);
    onPaid();
  };
  return (
    <Card withBorder data-testid="child-billing">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{child.name}</Text>
            <Text size="sm" c="dimmed">
              {child.location_name}
            </Text>
          </div>
          <Group gap="lg">
            <div>
              <Text size="xs" c="dimmed">
                {t('balance')}
              </Text>
              <Text fw={600} data-testid="child-balance">
                {money(child.balance)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('yourShare')}
              </Text>
              <Text fw={600} data-testid="my-open">
                {money(child.my_open)}
              </Text>
            </div>
          </Group>
        </Group>
        <Text fw={600} size="sm">
          {t('openInvoices')}
        </Text>
        {child.open_invoices.length ? (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('due')}</Table.Th>
                  <Table.Th>{t('total')}</Table.Th>
                  <Table.Th>{t('yourPart')}</Table.Th>
                  <Table.Th>{t('open')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {child.open_invoices.map((i) => (
                  <Table.Tr key={i.invoice_id} data-testid="open-invoice">
                    <Table.Td>{formatDay(i.due_date)}</Table.Td>
                    <Table.Td>{money(i.total)}</Table.Td>
                    <Table.Td>{money(i.share)}</Table.Td>
                    <Table.Td data-testid="share-open">{money(i.open)}</Table.Td>
                    <Table.Td>
                      {i.open > 0 && child.allow_card ? (
                        hasCard ? (
                          <Button size="xs" loading={paying === i.invoice_id} onClick={() => pay(i.invoice_id)} data-testid="pay-share">
                            {t('pay', { amount: money(i.open) })}
                          </Button>
                        ) : (
                          <Button size="xs" variant="light" component={Link} to={paths.userStudentsBilling2.to()}>
                            {t('cards.add')}
                          </Button>
                        )
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed" size="sm">
            {t('allPaid')}
          </Text>
        )}
        <InvoiceHistory studentId={child.id} />
      </Stack>
    </Card>
  );
}

type Invoice = {
  id: string;
  date: string;
  due_date: string;
  status: string;
  total: number;
  balance: number;
  paid: number;
  /** What an authorising agency pays of it (on the agency's invoice). */
  agency_part: number;
  items: {
    id: string;
    name: string;
    detail: string | null;
    original_amount: number;
    amount: number;
    discounts: string[];
    source: { kind: string; period_start: string | null; period_end: string | null; days: number | null; minutes: number | null; date: string | null };
  }[];
  payers: { user_id: string; name: string; amount: number }[];
};

/** A child's invoices, a page at a time, each line with where its amount comes from. */
function InvoiceHistory({ studentId }: { studentId: string }) {
  const { t } = useTranslation('billingParent');
  const [page, setPage] = useState(1);
  const [{ data }] = useQuery({ query: InvoicesQuery, variables: { student_id: studentId, page, first: PAGE }, requestPolicy: 'cache-and-network' });
  const rows: Invoice[] = data?.getInvoices.data ?? [];
  const last = data?.getInvoices.paginatorInfo.lastPage ?? 1;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('invoices')}
      </Text>
      {data && !rows.length ? (
        <Text c="dimmed" size="sm">
          {t('empty')}
        </Text>
      ) : null}
      {rows.map((inv) => (
        <Card key={inv.id} withBorder padding="sm" data-testid="invoice">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              {t('invoiceOf', { date: formatDay(inv.date), due: formatDay(inv.due_date) })}
            </Text>
            <Group gap="xs">
              <Badge variant="default" data-testid={`invoice-status-${inv.status}`}>
                {t(`status.${inv.status}`, { defaultValue: inv.status })}
              </Badge>
              <Text size="sm" fw={600}>
                {money(inv.total)}
              </Text>
            </Group>
          </Group>
          <Stack gap={4} mt="xs">
            {inv.items.map((it) => (
              <Group key={it.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="invoice-line">
                <div>
                  <Text size="sm">{it.name}</Text>
                  <Text size="xs" c="dimmed" data-testid="line-source">
                    {sourceLine(t, it.source)}
                    {it.detail ? ` · ${it.detail}` : ''}
                  </Text>
                  {it.original_amount !== it.amount ? (
                    <Text size="xs" c="dimmed">
                      {t('discounted', { from: money(it.original_amount), lines: it.discounts.join(', ') })}
                    </Text>
                  ) : null}
                </div>
                <Text size="sm">{money(it.amount)}</Text>
              </Group>
            ))}
            {inv.agency_part > 0 ? (
              <Text size="xs" c="dimmed" data-testid="invoice-agency-part">
                {t('agencyPart', { amount: money(inv.agency_part), family: money(inv.total - inv.agency_part) })}
              </Text>
            ) : null}
            {inv.payers.length > 1 ? (
              <Text size="xs" c="dimmed">
                {t('split', { parts: inv.payers.map((p) => `${p.name} ${money(p.amount)}`).join(' · ') })}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('paidSoFar', { amount: money(inv.paid) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('stillOwed', { amount: money(inv.balance) })}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
      {last > 1 ? (
        <Pagination
          total={last}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`shell:table.pages.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('shell:table.pages.page', { page: item }) })}
        />
      ) : null}
    </Stack>
  );
}
