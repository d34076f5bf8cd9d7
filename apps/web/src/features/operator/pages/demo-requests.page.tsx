import { Anchor, Badge, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { DemoRequestsQuery, SendSignupLinkMutation, UpdateDemoRequestMutation, type DemoRequestItem } from '../api/demo-requests';

const STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
const NEXT: Record<string, readonly string[]> = { new: ['contacted', 'closed'], contacted: ['converted', 'closed'], converted: [], closed: [] };
const COLOURS: Record<string, string> = { new: 'primary', contacted: 'warning', converted: 'success', closed: 'gray' };

/** One request: its message, the next status, notes, and the sign-up link. */
function DemoRequestModal({ request, onClose, onSaved }: { request: DemoRequestItem; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [status, setStatus] = useState<string>(request.status);
  const [notes, setNotes] = useState(request.notes ?? '');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [{ fetching: saving }, update] = useMutation(UpdateDemoRequestMutation);
  const [{ fetching: sending }, send] = useMutation(SendSignupLinkMutation);
  const open = request.status === 'new' || request.status === 'contacted';
  return (
    <Modal opened onClose={onClose} title={t('operator:demoRequests.manage', { name: request.center_name })} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {request.name} · <EmailText value={request.email} /> {request.phone ? <>· <PhoneText value={request.phone} /></> : null}
        </Text>
        {request.message ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {request.message}
          </Text>
        ) : null}
        <Select
          label={t('operator:demoRequests.status')}
          data={[request.status, ...NEXT[request.status]!].map((s) => ({ value: s, label: t(`operator:demoRequests.statuses.${s}`) }))}
          value={status}
          onChange={(v) => setStatus(v ?? request.status)}
          allowDeselect={false}
          data-testid="demo-status"
        />
        <Textarea
          label={t('operator:demoRequests.notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          error={notesError}
        />
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconMailForward size={16} aria-hidden />}
            disabled={!open}
            loading={sending}
            data-testid="send-signup-link"
            onClick={async () => {
              const result = await send({ id: request.id });
              if (reportMutationError(result.error, t)) return;
              if (result.data) showNotice(result.data.sendSignupLink);
              onSaved();
            }}
          >
            {t('operator:demoRequests.sendLink')}
          </Button>
          <Button
            loading={saving}
            data-testid="save-demo-request"
            onClick={async () => {
              setNotesError(null);
              const result = await update({ id: request.id, status: status === request.status ? null : status, notes });
              const field = result.error?.graphQLErrors[0]?.extensions?.field;
              if (field === 'notes') {
                setNotesError(result.error!.graphQLErrors[0]!.message);
                return;
              }
              if (reportMutationError(result.error, t)) return;
              if (result.data) showNotice(result.data.updateDemoRequest);
              onSaved();
            }}
          >
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /demo-requests (admin): requests from the platform's /demo page, newest first, by status. */
export function DemoRequestsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [selected, setSelected] = useState<DemoRequestItem | null>(null);
  const [{ data, fetching }, refetch] = useQuery({
    query: DemoRequestsQuery,
    variables: { ...page, status, search: search || null },
    requestPolicy: 'cache-and-network',
  });

  const columns = useMemo<DataTableColumn<DemoRequestItem>[]>(
    () => [
      { key: 'created_at', header: t('operator:demoRequests.received'), render: (r) => formatDateTime(r.created_at) },
      {
        key: 'center_name',
        header: t('operator:demo.centerName'),
        render: (r) => (
          <Anchor component="button" type="button" fw={500} onClick={() => setSelected(r)} data-testid={`demo-request-${r.id}`}>
            {r.center_name}
          </Anchor>
        ),
      },
      { key: 'name', header: t('operator:demo.name') },
      { key: 'email', header: t('operator:demo.email'), render: (r) => <EmailText value={r.email} /> },
      { key: 'phone', header: t('operator:demo.phone'), render: (r) => <PhoneText value={r.phone} /> },
      { key: 'kind', header: t('operator:centres.kind'), render: (r) => t(`operator:kinds.${r.kind}`, { defaultValue: r.kind }) },
      { key: 'locations', header: t('operator:demo.locations'), render: (r) => r.locations ?? '—' },
      {
        key: 'status',
        header: t('operator:demoRequests.status'),
        render: (r) => (
          <Badge variant="light" color={COLOURS[r.status] ?? 'gray'} data-status={r.status}>
            {t(`operator:demoRequests.statuses.${r.status}`)}
          </Badge>
        ),
      },
      {
        key: 'signup_link_sent_at',
        header: t('operator:demoRequests.linkSent'),
        render: (r) => (r.signup_link_sent_at ? formatDateTime(r.signup_link_sent_at) : '—'),
      },
    ],
    [t],
  );

  const result = data?.getDemoRequests;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:demoRequests.title')}
        </Title>
        <Text c="dimmed">{t('operator:demoRequests.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" data-testid="demo-requests">
        <DataTable
          label={t('operator:demoRequests.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(r) => r.id}
          loading={fetching}
          toolbar={
            <Select
              aria-label={t('operator:demoRequests.statusFilter')}
              placeholder={t('operator:demoRequests.allStatuses')}
              data={STATUSES.map((s) => ({ value: s, label: t(`operator:demoRequests.statuses.${s}`) }))}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              clearable
              size="sm"
              w={170}
            />
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
      {selected ? (
        <DemoRequestModal
          key={selected.id}
          request={selected}
          onClose={() => setSelected(null)}
          onSaved={() => {
            setSelected(null);
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
    </Stack>
  );
}
