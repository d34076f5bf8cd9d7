import { Button, Group, Modal, Select, Stack, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { roleAtLeast } from '@kv/shared';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { currentLocation } from '../../../lib/current-location';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { CreateRequestMutation, GapsQuery, ListQuery } from '../api/documents.graphql';
import { DocumentStatus } from '../components';
import { formatDay } from '../../../lib/format';

type RequestRow = { id: string; name: string; type: string; required: boolean; expiry_date: string | null; pending: number; approved: number; rejected: number; expired: number };
type GapRow = { kind: string; source_id: string; name: string; reason: string; student_id: string; student_name: string; program_name: string | null };

/** /documents (and /teacher/documents): the document requests of the viewer's locations, and the Compliance tab. */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'compliance' ? 'compliance' : 'requests';
  return (
    <Stack gap="md" data-testid="documents-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams(v === 'compliance' ? { tab: 'compliance' } : {})}>
        <Tabs.List>
          <Tabs.Tab value="requests" data-testid="tab-requests">
            {t('requests')}
          </Tabs.Tab>
          <Tabs.Tab value="compliance" data-testid="tab-compliance">
            {t('compliance')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'compliance' ? <Compliance /> : <Requests />}
    </Stack>
  );
}

function Requests() {
  const { t } = useTranslation('documents');
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [{ data, fetching }, refetch] = useQuery({ query: ListQuery, variables: { location_id: location?.id ?? null, page, first }, requestPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const rows: RequestRow[] = data?.getDocuments.data ?? [];
  return (
    <Stack gap="sm">
      {manager ? (
        <Group justify="flex-end">
          <Button onClick={() => setCreating(true)} data-testid="document-create">
            {t('create')}
          </Button>
        </Group>
      ) : null}
      <DataTable<RequestRow>
        label={t('requests')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getDocuments.paginatorInfo ?? null, onPage: (p) => (setPage(p.page), setFirst(p.first)) }}
        columns={[
          {
            key: 'name',
            header: t('name'),
            render: (r) => (
              <Link to={paths.document.to({ documentId: r.id })} data-testid="document-link">
                {r.name}
              </Link>
            ),
          },
          { key: 'type', header: t('type'), render: (r) => t(`types.${r.type}`) },
          { key: 'pending', header: t('status.pending'), render: (r) => r.pending },
          { key: 'approved', header: t('status.approved'), render: (r) => r.approved },
          { key: 'expired', header: t('status.expired'), render: (r) => r.expired },
          { key: 'expiry_date', header: t('expiry'), render: (r) => formatDay(r.expiry_date) },
        ]}
      />
      <CreateRequest opened={creating} onClose={() => setCreating(false)} onCreated={() => refetch({ requestPolicy: 'network-only' })} />
    </Stack>
  );
}

function CreateRequest({ opened, onClose, onCreated }: { opened: boolean; onClose(): void; onCreated(): void }) {
  const { t } = useTranslation('documents');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [name, setName] = useState('');
  const [type, setType] = useState<string>('family');
  const [instructions, setInstructions] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<Record<string, string>>({});
  const [, create] = useMutation(CreateRequestMutation);
  const submit = async () => {
    if (!location?.id) return showMessage(t('pickLocation'), false);
    const r = await create({ location_id: location.id, name, type, instructions: instructions || null, expiry_date: expiry || null });
    if (r.error) {
      const e = r.error.graphQLErrors[0];
      const field = String(e?.extensions?.field ?? '');
      if (field) setError({ [field]: e!.message });
      else showMessage(e?.message ?? t('failed'), false);
      return;
    }
    showMessage(r.data?.createDocument.message ?? '', true);
    setName('');
    setInstructions('');
    setExpiry('');
    setError({});
    onCreated();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('create')}>
      <Stack>
        <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error.name} required data-testid="document-name" />
        <Select
          label={t('type')}
          data={['family', 'staff'].map((v) => ({ value: v, label: t(`types.${v}`) }))}
          value={type}
          onChange={(v) => setType(v ?? 'family')}
          allowDeselect={false}
          error={error.type}
          data-testid="document-type"
        />
        <Textarea label={t('instructions')} value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} error={error.instructions} />
        <TextInput type="date" label={t('expiry')} value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} error={error.expiry_date} />
        <Button onClick={submit} disabled={!name.trim()} data-testid="document-create-save">
          {t('save')}
        </Button>
      </Stack>
    </Modal>
  );
}

function Compliance() {
  const { t } = useTranslation('documents');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data, fetching }] = useQuery({ query: GapsQuery, variables: { location_id: location?.id ?? '' }, pause: !location?.id, requestPolicy: 'cache-and-network' });
  const rows: GapRow[] = data?.getComplianceGaps ?? [];
  if (!location?.id) return <Text c="dimmed">{t('pickLocation')}</Text>;
  return (
    <DataTable<GapRow>
      label={t('compliance')}
      rows={rows}
      loading={fetching}
      rowKey={(r) => `${r.student_id}:${r.kind}:${r.source_id}`}
      columns={[
        { key: 'student_name', header: t('child'), render: (r) => <span data-testid="gap-child">{r.student_name}</span> },
        { key: 'program_name', header: t('room'), render: (r) => r.program_name ?? '' },
        { key: 'kind', header: t('kind'), render: (r) => t(`kinds.${r.kind}`) },
        { key: 'name', header: t('name'), render: (r) => <span data-testid="gap-name">{r.name}</span> },
        { key: 'reason', header: t('reason'), render: (r) => <DocumentStatus status={r.reason} /> },
      ]}
    />
  );
}
