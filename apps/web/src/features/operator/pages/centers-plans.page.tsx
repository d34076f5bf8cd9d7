import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { MoneyText } from '../../../components/formatted';
import { CenterPlansQuery, type CenterPlanItem } from '../api/center-billing';
import { PlanFormModal } from '../forms/plan-form';

/** /centers-plans (admin): the plans centres are billed on, cheapest first; create and edit. */
export function CentersPlansPage() {
  const { t } = useTranslation(['platformBilling', 'common']);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [editing, setEditing] = useState<CenterPlanItem | 'new' | null>(null);
  const [{ data, fetching }, refetch] = useQuery({ query: CenterPlansQuery, variables: page, requestPolicy: 'cache-and-network' });
  const limit = (n: number | null) => (n === null ? t('platformBilling:plans.unlimited') : String(n));

  const columns = useMemo<DataTableColumn<CenterPlanItem>[]>(
    () => [
      {
        key: 'name',
        header: t('platformBilling:plans.name'),
        render: (p) => (
          <Anchor component="button" type="button" fw={500} onClick={() => setEditing(p)} data-testid={`plan-${p.id}`}>
            {p.name}
          </Anchor>
        ),
      },
      {
        key: 'amount',
        header: t('platformBilling:plans.price'),
        render: (p) => (
          <>
            <MoneyText value={p.amount} /> / {t(`platformBilling:periods.${p.period}`, { defaultValue: p.period })}
          </>
        ),
      },
      { key: 'trial_days', header: t('platformBilling:plans.trialDays') },
      { key: 'grace_days', header: t('platformBilling:plans.graceDays') },
      {
        key: 'limits',
        header: t('platformBilling:plans.limits'),
        render: (p) =>
          t('platformBilling:plans.limitsLine', {
            locations: limit(p.limits.max_locations),
            students: limit(p.limits.max_students),
            cameras: limit(p.limits.max_cameras),
          }),
      },
      {
        key: 'public',
        header: t('platformBilling:plans.visibility'),
        render: (p) => (
          <Group gap={4}>
            <Badge variant="light" color={p.public ? 'primary' : 'gray'}>
              {p.public ? t('platformBilling:plans.publicBadge') : t('platformBilling:plans.privateBadge')}
            </Badge>
            {!p.active ? (
              <Badge variant="light" color="gray">
                {t('platformBilling:plans.inactive')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      { key: 'centers_count', header: t('platformBilling:plans.centres') },
    ],
    [t],
  );

  const result = data?.getCenterPlans;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('platformBilling:plans.title')}
          </Title>
          <Text c="dimmed">{t('platformBilling:plans.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="new-plan">
          {t('platformBilling:plans.new')}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg" data-testid="centre-plans">
        <DataTable
          label={t('platformBilling:plans.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(p) => p.id}
          loading={fetching}
          server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPage }}
        />
      </Card>
      {editing ? (
        <PlanFormModal
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
    </Stack>
  );
}
