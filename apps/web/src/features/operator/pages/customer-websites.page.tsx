import { Anchor, Badge, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPlay, IconWorldOff } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  BringCustomerWebsiteOnlineMutation,
  CustomerWebsitesQuery,
  TakeCustomerWebsiteOfflineMutation,
  type CustomerWebsiteItem,
} from '../api/customer-websites';

const KINDS = ['website', 'blog'] as const;
const STATES = ['online', 'offline'] as const;

/** Asks why before a site goes offline (the reason is kept with the audit row). */
function OfflineModal({ site, onClose, onDone }: { site: CustomerWebsiteItem; onClose(): void; onDone(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, takeOffline] = useMutation(TakeCustomerWebsiteOfflineMutation);
  return (
    <Modal opened onClose={onClose} title={t('operator:customerWebsites.offlineTitle', { title: site.title })}>
      <Stack gap="sm">
        <Text size="sm">{t('operator:customerWebsites.offlineLead', { url: site.url })}</Text>
        <Textarea
          label={t('operator:customerWebsites.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          error={error}
          data-testid="website-offline-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="danger"
            loading={fetching}
            leftSection={<IconWorldOff size={16} aria-hidden />}
            data-testid="website-offline-confirm"
            onClick={async () => {
              setError(null);
              const result = await takeOffline({ id: site.id, reason: reason.trim() || null });
              const first = result.error?.graphQLErrors[0];
              if (first?.extensions?.field === 'reason') {
                setError(first.message);
                return;
              }
              if (reportMutationError(result.error, t)) return;
              if (result.data) showNotice(result.data.takeCustomerWebsiteOffline);
              onDone();
            }}
          >
            {t('operator:customerWebsites.takeOffline')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /customer-websites (admin): every centre's public website and blog, as the centres report them; take one offline and back. */
export function CustomerWebsitesPage() {
  const { t } = useTranslation(['operator', 'common']);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [offline, setOffline] = useState<CustomerWebsiteItem | null>(null);
  const [{ data, fetching }, refetch] = useQuery({
    query: CustomerWebsitesQuery,
    variables: { ...page, kind, state, search: search || null },
    requestPolicy: 'cache-and-network',
  });
  const [{ fetching: bringing }, bringOnline] = useMutation(BringCustomerWebsiteOnlineMutation);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const columns = useMemo<DataTableColumn<CustomerWebsiteItem>[]>(
    () => [
      { key: 'center_name', header: t('operator:customerWebsites.centre') },
      {
        key: 'title',
        header: t('operator:customerWebsites.site'),
        render: (r) => (
          <Anchor href={r.url} target="_blank" rel="noopener noreferrer" fw={500}>
            {r.title}
          </Anchor>
        ),
      },
      {
        key: 'kind',
        header: t('operator:customerWebsites.kind'),
        render: (r) => t(`operator:customerWebsites.kinds.${r.kind}`, { defaultValue: r.kind }),
      },
      { key: 'pages', header: t('operator:customerWebsites.pages') },
      {
        key: 'state',
        header: t('operator:customerWebsites.state'),
        width: 150,
        render: (r) => (
          <Stack gap={2} align="flex-start">
            <Badge
              variant="light"
              color={r.state === 'offline' ? 'danger' : r.published ? 'success' : 'gray'}
              data-state={r.state}
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {r.state === 'online' && !r.published
                ? t('operator:customerWebsites.unpublished')
                : t(`operator:customerWebsites.states.${r.state}`)}
            </Badge>
            {r.offline_at ? (
              <Text size="xs" c="dimmed">
                {t('operator:customerWebsites.offlineSince', { when: formatDateTime(r.offline_at), by: r.offline_by ?? '—' })}
                {r.offline_reason ? ` · ${r.offline_reason}` : ''}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { key: 'reported_at', header: t('operator:customerWebsites.reported'), render: (r) => formatDateTime(r.reported_at) },
      {
        key: 'actions',
        header: t('operator:customerWebsites.actions'),
        sortable: false,
        searchable: false,
        render: (r) =>
          r.state === 'offline' ? (
            <Button
              size="xs"
              variant="light"
              loading={bringing}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              data-testid={`website-online-${r.center_slug}-${r.slug}`}
              onClick={async () => {
                const result = await bringOnline({ id: r.id });
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.bringCustomerWebsiteOnline);
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              {t('operator:customerWebsites.bringOnline')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="danger"
              leftSection={<IconWorldOff size={14} aria-hidden />}
              data-testid={`website-offline-${r.center_slug}-${r.slug}`}
              onClick={() => setOffline(r)}
            >
              {t('operator:customerWebsites.takeOffline')}
            </Button>
          ),
      },
    ],
    // The refetch of the current filters: the memo is rebuilt when they change.
    [t, bringing, bringOnline, refetch],
  );

  const result = data?.getCustomerWebsites;
  const filter = (
    label: string,
    values: readonly string[],
    prefix: string,
    value: string | null,
    set: (v: string | null) => void,
    testId: string,
  ) => (
    <Select
      aria-label={label}
      placeholder={label}
      data={values.map((v) => ({ value: v, label: t(`operator:customerWebsites.${prefix}.${v}`) }))}
      value={value}
      onChange={(v) => {
        set(v);
        setPage((p) => ({ ...p, page: 1 }));
      }}
      clearable
      size="sm"
      w={150}
      data-testid={testId}
    />
  );
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:customerWebsites.title')}
        </Title>
        <Text c="dimmed">{t('operator:customerWebsites.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" data-testid="customer-websites">
        <DataTable
          label={t('operator:customerWebsites.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          loading={fetching}
          toolbar={
            <Group gap="xs" wrap="wrap">
              {filter(t('operator:customerWebsites.allKinds'), KINDS, 'kinds', kind, setKind, 'websites-kind')}
              {filter(t('operator:customerWebsites.allStates'), STATES, 'states', state, setState, 'websites-state')}
            </Group>
          }
          server={{
            paginatorInfo: result?.paginatorInfo ?? null,
            onPage: setPage,
            onSearch: (query) => {
              setSearch(query);
              setPage((p) => ({ ...p, page: 1 }));
            },
          }}
        />
      </Card>
      {offline ? (
        <OfflineModal
          key={offline.id}
          site={offline}
          onClose={() => setOffline(null)}
          onDone={() => {
            setOffline(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
