import { ActionIcon, Anchor, Button, Card, CopyButton, Group, MultiSelect, Select, Stack, Switch, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { roleAtLeast } from '@kv/shared';
import { useViewer } from '../../../lib/shell-context';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import {
  FormAddFieldMutation,
  FormEntriesQuery,
  FormRemoveFieldMutation,
  FormRequiredMutation,
  FormRoomsQuery,
  FormShareMutation,
  FormSingleQuery,
} from '../api/forms.graphql';
import { FormLinkQuery, FormSetLinkMutation } from '../api/link.graphql';
import { StatusBadge } from '../components/status-badge';

export const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'radio', 'checkbox', 'file', 'signature', 'section'] as const;
type Field = { id: string; name: string; type: string; required: boolean; options: string[] };

export function useForm() {
  const { formId = '' } = useParams();
  const [{ data, fetching, error }] = useQuery({ query: FormSingleQuery, variables: { id: formId } });
  return { formId, form: data?.getSingleForm as (Field & { version: number; location_id: string; fields: Field[]; entries_count: number }) | undefined, fetching, error };
}

/** The builder's tabs: fields, share, entries, details, notifications, automations. */
export function BuilderTabs({ current }: { current: 'edit' | 'share' | 'manage_entries' | 'details' | 'notifications' | 'automations' }) {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const navigate = useNavigate();
  const to = {
    edit: paths.webFormEdit,
    share: paths.webFormShare,
    manage_entries: paths.webFormManageEntries,
    details: paths.webFormDetails,
    notifications: paths.webFormNotificationsSettings,
    automations: paths.webFormAutomationsSettings,
  } as const;
  return (
    <Tabs value={current} onChange={(v) => v && navigate(to[v as keyof typeof to].to({ formId }))}>
      <Tabs.List>
        <Tabs.Tab value="edit">{t('builder.fields')}</Tabs.Tab>
        <Tabs.Tab value="share">{t('builder.share')}</Tabs.Tab>
        <Tabs.Tab value="manage_entries">{t('entries')}</Tabs.Tab>
        <Tabs.Tab value="details">{t('admin.details')}</Tabs.Tab>
        <Tabs.Tab value="notifications">{t('admin.notifications')}</Tabs.Tab>
        <Tabs.Tab value="automations">{t('admin.automations')}</Tabs.Tab>
      </Tabs.List>
      {/* The tabs navigate between pages: the selected tab's aria-controls names this (empty) panel. */}
      <Tabs.Panel value={current}>{null}</Tabs.Panel>
    </Tabs>
  );
}

export function Header({ name, version }: { name?: string; version?: number }) {
  const { t } = useTranslation('forms');
  return (
    <div>
      <Title order={1} size="h2">
        {name ?? t('title')}
      </Title>
      {version ? (
        <Text c="dimmed" size="sm">
          {t('versionOf', { version })}
        </Text>
      ) : null}
    </div>
  );
}

/** /web-form/:formId/edit: the manager's builder — fields, required, options. Editing a form with entries makes a new version. */
export function WebFormEditPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const [name, setName] = useState('');
  const [type, setType] = useState<string>('text');
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState('');
  const [, add] = useMutation(FormAddFieldMutation);
  const [, setReq] = useMutation(FormRequiredMutation);
  const [, remove] = useMutation(FormRemoveFieldMutation);
  const report = (r: { error?: { graphQLErrors: { message: string }[] }; data?: Record<string, { message: string }> }) => {
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    else showMessage(Object.values(r.data ?? {})[0]?.message ?? '', true);
    return !r.error;
  };
  const addField = async () => {
    const opts = options
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    const ok = report(await add({ form_id: formId, name, type, required, options: opts.length ? opts : null }));
    if (ok) {
      setName('');
      setOptions('');
    }
  };
  const withOptions = type === 'select' || type === 'radio' || type === 'checkbox';
  return (
    <Stack gap="md" data-testid="web-form-edit">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="edit" />
      <Card withBorder>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('builder.type')}</Table.Th>
              <Table.Th>{t('builder.options')}</Table.Th>
              <Table.Th>{t('builder.required')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(form?.fields ?? []).map((f) => (
              <Table.Tr key={f.id} data-testid="builder-field">
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{t(`types.${f.type}`)}</Table.Td>
                <Table.Td>{f.options.join(', ')}</Table.Td>
                <Table.Td>
                  {f.type === 'section' ? null : (
                    <Switch
                      checked={f.required}
                      aria-label={t('builder.required')}
                      onChange={async (e) => report(await setReq({ form_id: formId, field_id: f.id, required: e.currentTarget.checked }))}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="danger" aria-label={t('builder.remove')} onClick={async () => report(await remove({ form_id: formId, field_id: f.id }))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!form?.fields.length ? <Text c="dimmed">{t('builder.empty')}</Text> : null}
      </Card>
      <Card withBorder>
        <Stack>
          <Text fw={600}>{t('builder.add')}</Text>
          <Group grow align="end" wrap="wrap">
            <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="field-name" miw={200} />
            <Select label={t('builder.type')} data={FIELD_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))} value={type} onChange={(v) => setType(v ?? 'text')} data-testid="field-type" miw={160} />
            {withOptions ? (
              <TextInput label={t('builder.options')} description={t('builder.optionsHint')} value={options} onChange={(e) => setOptions(e.currentTarget.value)} data-testid="field-options" miw={200} />
            ) : null}
          </Group>
          <Switch label={t('builder.required')} checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} data-testid="field-required" />
          <Button onClick={addField} disabled={!name.trim()} data-testid="field-add">
            {t('builder.add')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /web-form/:formId/share: the form goes to the families of the chosen rooms (or the whole location), with a due date. */
export function WebFormSharePage() {
  const viewer = useViewer();
  const { formId = '' } = useParams();
  // Families reach a shared form through its fill page.
  if (!roleAtLeast(viewer.role, 'manager')) return <Navigate to={paths.webForm.to({ formId })} replace />;
  return <ShareForm />;
}

function ShareForm() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const [rooms] = useQuery({ query: FormRoomsQuery, variables: { id: form?.location_id ?? '' }, pause: !form });
  const [picked, setPicked] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [, share] = useMutation(FormShareMutation);
  const send = async () => {
    const r = await share({
      form_id: formId,
      location_ids: picked.length ? null : [form!.location_id],
      program_ids: picked.length ? picked : null,
      due_date: due || null,
    });
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    else showMessage(r.data?.shareFormWithParents.message ?? '', true);
  };
  return (
    <Stack gap="md" data-testid="web-form-share">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="share" />
      <Card withBorder>
        <Stack>
          <MultiSelect
            label={t('share.rooms')}
            description={t('share.roomsHint')}
            data={(rooms.data?.location?.rooms ?? []).map((r: { id: string; name: string }) => ({ value: r.id, label: r.name }))}
            value={picked}
            onChange={setPicked}
            data-testid="share-rooms"
          />
          <TextInput type="date" label={t('share.due')} value={due} onChange={(e) => setDue(e.currentTarget.value)} data-testid="share-due" maw={220} />
          <Button onClick={send} disabled={!form} data-testid="share-send">
            {t('share.send')}
          </Button>
        </Stack>
      </Card>
      <LinkCard formId={formId} />
    </Stack>
  );
}

/** The guest link of a web form: anyone with it sees the form (read-only, no entries); off, the link stops working. */
function LinkCard({ formId }: { formId: string }) {
  const { t } = useTranslation('forms');
  const [{ data }] = useQuery({ query: FormLinkQuery, variables: { id: formId } });
  const [{ fetching }, setLink] = useMutation(FormSetLinkMutation);
  const form = data?.getSingleForm;
  if (!form || form.type !== 'web') return null;
  const key = form.link_key;
  const url = key ? `${window.location.origin}${paths.webFormPreview.to({ formId })}?key=${encodeURIComponent(key)}` : null;
  const toggle = async (enabled: boolean) => {
    const r = await setLink({ id: formId, enabled });
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    else showMessage(r.data?.setFormLink.message ?? '', true);
  };
  return (
    <Card withBorder data-testid="form-link-card">
      <Stack gap="xs">
        <Text component="h2" fw={600}>
          {t('link.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('link.lead')}
        </Text>
        <Switch label={t('link.enabled')} checked={Boolean(key)} disabled={fetching} onChange={(e) => void toggle(e.currentTarget.checked)} data-testid="form-link-enabled" />
        {url ? (
          <Group gap="xs" wrap="wrap">
            <Anchor href={url} target="_blank" rel="noreferrer" data-testid="form-link-url" style={{ wordBreak: 'break-all' }}>
              {url}
            </Anchor>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? t('link.copied') : t('link.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

type Entry = { id: string; status: string; submitted_at: string; student: { fname: string; lname: string }; submitted_by: { fname: string; lname: string } | null };

/** /web-form/:formId/manage_entries: the form's entries, by status, paged. */
export function WebFormEntriesPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({ query: FormEntriesQuery, variables: { form_id: formId, status, ...paging } });
  return (
    <Stack gap="md" data-testid="web-form-entries">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="manage_entries" />
      <DataTable<Entry>
        label={t('entries')}
        rows={data?.getWebFormEntries.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getWebFormEntries.paginatorInfo ?? null, onPage: setPaging }}
        toolbar={<StatusFilter value={status} onChange={setStatus} />}
        columns={[
          { key: 'student', header: t('child'), render: (r) => `${r.student.fname} ${r.student.lname}` },
          { key: 'by', header: t('submittedBy'), render: (r) => (r.submitted_by ? `${r.submitted_by.fname} ${r.submitted_by.lname}` : '') },
          { key: 'submitted_at', header: t('submittedAt'), render: (r) => formatDateTime(r.submitted_at) },
          { key: 'status', header: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'open',
            header: '',
            render: (r) => (
              <Button size="xs" variant="light" onClick={() => navigate(paths.webFormViewEntry.to({ formId, entryId: r.id }))} data-testid="entry-open">
                {t('review.open')}
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}

export function StatusFilter({ value, onChange }: { value: string | null; onChange(v: string | null): void }) {
  const { t } = useTranslation('forms');
  return (
    <Select
      placeholder={t('allStatuses')}
      aria-label={t('statusLabel')}
      data={['submitted', 'resubmitted', 'change_requested', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`status.${s}`) }))}
      value={value}
      onChange={onChange}
      clearable
      data-testid="status-filter"
      maw={220}
    />
  );
}
