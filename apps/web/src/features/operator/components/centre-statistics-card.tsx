import { Alert, Card, Loader, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { CenterStatisticsQuery } from '../api/center-statistics.query';
import { Fact, formatBytes } from './figures';

/** A centre's figures from the nightly read-only fan-out (admin); the page never reads the centre's database. */
export function CentreStatisticsCard({ centreId }: { centreId: string }) {
  const { t } = useTranslation(['operator', 'common', 'shell']);
  const [{ data, fetching }] = useQuery({ query: CenterStatisticsQuery, variables: { center_id: centreId, first: 1 } });
  const s = data?.getCenterStatistics.data[0];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-statistics">
      <Text component="h2" fw={600} mb={4}>
        {t('operator:statistics.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {s ? t('operator:statistics.collected', { when: formatDateTime(s.collected_at) }) : t('operator:statistics.lead')}
      </Text>
      {fetching && !data ? <Loader size="sm" role="status" aria-label={t('common:loading')} /> : null}
      {data && !s ? <Text size="sm">{t('shell:table.empty')}</Text> : null}
      {s?.error ? (
        <Alert color="warning" variant="light" mb="md" role="status">
          {t('operator:statistics.stale', { error: s.error })}
        </Alert>
      ) : null}
      {s ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label={t('operator:statistics.children')} testId="stat-children">
            {s.children}
          </Fact>
          <Fact label={t('operator:statistics.staff')}>{s.staff}</Fact>
          <Fact label={t('operator:statistics.families')}>{s.families}</Fact>
          <Fact label={t('operator:statistics.locations')}>{s.locations}</Fact>
          <Fact label={t('operator:statistics.storage')} testId="centre-storage">
            {t('operator:centre.storageValue', { size: formatBytes(s.storage_bytes), count: s.files })}
          </Fact>
          <Fact label={t('operator:statistics.database')}>{formatBytes(s.database_bytes)}</Fact>
          <Fact label={t('operator:statistics.lastActivity')}>{s.last_activity_at ? formatDateTime(s.last_activity_at) : '—'}</Fact>
        </SimpleGrid>
      ) : null}
    </Card>
  );
}
