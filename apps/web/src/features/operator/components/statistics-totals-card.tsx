import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { CenterStatisticsQuery } from '../api/center-statistics.query';
import { Fact, formatBytes } from './figures';

/** The platform's totals from the nightly fan-out (admin): centres, children, staff, families, storage. */
export function StatisticsTotalsCard() {
  const { t } = useTranslation(['operator', 'shell']);
  const [{ data }] = useQuery({ query: CenterStatisticsQuery, variables: { first: 1 } });
  const totals = data?.getCenterStatistics.totals;
  if (!totals) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="statistics-totals">
      <Text component="h2" fw={600} mb={4}>
        {t('operator:statistics.totalsTitle')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {totals.collected_at ? t('operator:statistics.collected', { when: formatDateTime(totals.collected_at) }) : t('shell:table.empty')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
        <Fact label={t('operator:statistics.centres')}>{totals.centers}</Fact>
        <Fact label={t('operator:statistics.children')} testId="total-children">
          {totals.children}
        </Fact>
        <Fact label={t('operator:statistics.staff')}>{totals.staff}</Fact>
        <Fact label={t('operator:statistics.families')}>{totals.families}</Fact>
        <Fact label={t('operator:statistics.storage')}>{formatBytes(totals.storage_bytes)}</Fact>
        <Fact label={t('operator:statistics.database')}>{formatBytes(totals.database_bytes)}</Fact>
      </SimpleGrid>
    </Card>
  );
}
