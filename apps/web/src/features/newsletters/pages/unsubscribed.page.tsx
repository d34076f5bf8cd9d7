import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { UnsubscribedEmailsQuery, UnsubscribedSmsQuery } from '../api/newsletters';
import { downloadText } from '../lib/download';

interface Row {
  id: string;
  value: string;
  source: string;
  created_at: string;
}

function UnsubscribedList({ kind }: { kind: 'email' | 'sms' }) {
  const { t } = useTranslation(['newsletters', 'shell']);
  const client = useClient();
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const variables = { search: search || null, ...paging };
  const [emails] = useQuery({ query: UnsubscribedEmailsQuery, variables, pause: kind !== 'email', requestPolicy: 'cache-and-network' });
  const [sms] = useQuery({ query: UnsubscribedSmsQuery, variables, pause: kind !== 'sms', requestPolicy: 'cache-and-network' });
  const result = kind === 'email' ? emails : sms;
  const page = kind === 'email' ? emails.data?.getUnsubscribedEmails : sms.data?.getUnsubscribedSms;
  const rows: Row[] = (kind === 'email' ? (emails.data?.getUnsubscribedEmails.data ?? []).map((r) => ({ ...r, value: r.email })) : (sms.data?.getUnsubscribedSms.data ?? []).map((r) => ({ ...r, value: r.phone })));
  const title = kind === 'email' ? t('newsletters:unsubscribed.emails') : t('newsletters:unsubscribed.sms');

  async function exportCsv() {
    const r =
      kind === 'email'
        ? (await client.query(UnsubscribedEmailsQuery, { search: search || null, first: 1, csv: true }, { requestPolicy: 'network-only' }).toPromise()).data?.getUnsubscribedEmails.csv
        : (await client.query(UnsubscribedSmsQuery, { search: search || null, first: 1, csv: true }, { requestPolicy: 'network-only' }).toPromise()).data?.getUnsubscribedSms.csv;
    if (r) downloadText(r, kind === 'email' ? 'unsubscribed-emails.csv' : 'unsubscribed-sms.csv');
    else showMessage(t('newsletters:loadFailed'), false);
  }

  const columns: DataTableColumn<Row>[] = [
    { key: 'value', header: kind === 'email' ? t('newsletters:unsubscribed.email') : t('newsletters:unsubscribed.phone') },
    { key: 'source', header: t('newsletters:unsubscribed.source'), render: (r) => t(`newsletters:sources.${r.source}`, { defaultValue: r.source }) },
    { key: 'created_at', header: t('newsletters:unsubscribed.date'), render: (r) => formatDateTime(r.created_at) },
  ];
  return (
    <Stack gap="md" data-testid={`unsubscribed-${kind}`}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()}>
          {t('newsletters:unsubscribed.csv')}
        </Button>
      </Group>
      {result.error && !result.data ? (
        <Text c="danger" role="alert">
          {t('newsletters:loadFailed')}
        </Text>
      ) : null}
      <DataTable
        label={title}
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        loading={result.fetching}
        server={{
          paginatorInfo: page?.paginatorInfo ?? null,
          onPage: setPaging,
          onSearch: (q) => {
            setSearch(q);
            setPaging((p) => ({ ...p, page: 1 }));
          },
        }}
      />
    </Stack>
  );
}

/** /unsubscribed-emails: addresses that left the newsletters (link, one-click, confirm), with CSV. */
export function UnsubscribedEmailsPage() {
  return <UnsubscribedList kind="email" />;
}

/** /unsubscribed-sms: numbers that texted STOP, with CSV. */
export function UnsubscribedSmsPage() {
  return <UnsubscribedList kind="sms" />;
}
