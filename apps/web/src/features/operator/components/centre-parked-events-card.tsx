import { Button, Card, Code, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { OperatorCenterParkedEventsQuery } from '../../../graphql/generated/control-plane';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { CenterParkedEventsQuery } from '../api/center-parked-events.query';
import { RetryCenterEventMutation } from '../api/retry-center-event.mutation';

type ParkedEvent = OperatorCenterParkedEventsQuery['getCenterParkedEvents']['data'][number];

/**
 * Background work of the centre that failed after its retries (a domain event one handler gave up
 * on): what it was, why it failed, and a retry once the cause is fixed.
 */
export function CentreParkedEventsCard({ centreId }: { centreId: string }) {
  const { t } = useTranslation(['operator', 'common', 'shell']);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }, refetch] = useQuery({
    query: CenterParkedEventsQuery,
    variables: { center_id: centreId, ...page },
    requestPolicy: 'cache-and-network',
  });
  const [{ fetching: retrying }, retry] = useMutation(RetryCenterEventMutation);
  const [retryingKey, setRetryingKey] = useState<string | null>(null);

  const columns = useMemo<DataTableColumn<ParkedEvent>[]>(
    () => [
      {
        key: 'name',
        header: t('operator:parked.event'),
        render: (e) => (
          <Text size="sm" ff="monospace">
            {e.name}
          </Text>
        ),
      },
      {
        key: 'handler',
        header: t('operator:parked.handler'),
        render: (e) => (
          <Text size="sm" ff="monospace">
            {e.handler}
          </Text>
        ),
      },
      { key: 'attempts', header: t('operator:parked.attempts'), render: (e) => String(e.attempts) },
      {
        key: 'last_error',
        header: t('operator:parked.error'),
        render: (e) => (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {e.last_error ?? '—'}
          </Text>
        ),
      },
      {
        key: 'payload',
        header: t('operator:parked.payload'),
        searchable: false,
        render: (e) => (
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 260 }}>
            {e.payload}
          </Code>
        ),
      },
      { key: 'parked_at', header: t('operator:parked.parkedAt'), render: (e) => formatDateTime(e.parked_at) },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (e) => {
          const key = `${e.event_id}:${e.handler}`;
          return (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={retrying && retryingKey === key}
              aria-label={t('operator:parked.retryNamed', { event: e.name, handler: e.handler })}
              data-testid={`retry-event-${e.event_id}`}
              onClick={async () => {
                setRetryingKey(key);
                const result = await retry({ center_id: centreId, event_id: e.event_id, handler: e.handler });
                setRetryingKey(null);
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.retryCenterEvent);
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              {t('operator:parked.retry')}
            </Button>
          );
        },
      },
    ],
    [t, centreId, retry, retrying, retryingKey, refetch],
  );

  const result = data?.getCenterParkedEvents;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-parked-events">
      <Text component="h2" fw={600} mb={4}>
        {t('operator:parked.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t('operator:parked.lead')}
      </Text>
      <DataTable
        label={t('operator:parked.title')}
        rows={result?.data ?? []}
        columns={columns}
        rowKey={(e) => `${e.event_id}:${e.handler}`}
        loading={fetching}
        server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPage }}
      />
    </Card>
  );
}
