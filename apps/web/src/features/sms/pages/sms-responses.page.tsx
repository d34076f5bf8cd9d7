import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PhoneText } from '../../../components/formatted';
import { formatDateTime } from '../../../lib/format';
import { SmsResponsesListQuery, type SmsResponseData } from '../api/sms';

/** /sms-response: the SMS replies the centre received (not STOP/START), with the contact whose number it is. */
export function SmsResponsesPage() {
  const { t } = useTranslation(['sms', 'shell']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [{ data, fetching, error }] = useQuery({
    query: SmsResponsesListQuery,
    variables: { search: search || null, ...paging },
    requestPolicy: 'cache-and-network',
  });
  const page = data?.getSmsResponses;
  const columns: DataTableColumn<SmsResponseData>[] = [
    { key: 'received_at', header: t('sms:responses.received'), render: (r) => formatDateTime(r.received_at) },
    { key: 'contact_name', header: t('sms:responses.contact'), render: (r) => r.contact_name || t('sms:responses.unknown') },
    { key: 'phone', header: t('sms:responses.phone'), render: (r) => <PhoneText value={r.phone} /> },
    {
      key: 'body',
      header: t('sms:responses.message'),
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {r.body}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md" data-testid="sms-responses-page">
      <Stack gap={0}>
        <Title order={1} size="h2">
          {t('shell:menu.smsResponse')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('sms:responses.lead')}
        </Text>
      </Stack>
      {error && !data ? (
        <Text c="danger" role="alert">
          {t('sms:responses.loadFailed')}
        </Text>
      ) : null}
      <DataTable
        label={t('shell:menu.smsResponse')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
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
