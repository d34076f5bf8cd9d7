import { Button, Group, Modal, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { roleAtLeast } from '@kv/shared';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { currentLocation } from '../../../lib/current-location';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { FormCreateMutation, FormListQuery, FormTemplatesQuery } from '../api/forms.graphql';

type FormRow = { id: string; name: string; version: number; entries_count: number; updated_at: string; fields: unknown[] };

/** /forms and /forms/web-forms: the web forms of the viewer's locations; managers create one from a template. */
export function FormsPage() {
  const { t } = useTranslation(['forms', 'shell']);
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const navigate = useNavigate();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [search, setSearch] = useState('');
  const [{ data, fetching }] = useQuery({
    query: FormListQuery,
    variables: { type: 'web', location_id: location?.id ?? null, search: search || null, page, first },
  });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [templates] = useQuery({ query: FormTemplatesQuery, pause: !manager || !creating });
  const [, create] = useMutation(FormCreateMutation);
  const rows: FormRow[] = data?.getForms.data ?? [];

  const submit = async () => {
    if (!location?.id) return showMessage(t('forms:pickLocation'), false);
    const r = await create({ location_id: location.id, name, type: 'web', template_id: template });
    if (r.error) return showMessage(r.error.graphQLErrors[0]?.message ?? t('forms:failed'), false);
    const created = r.data?.createForm;
    showMessage(created?.message ?? '', true);
    setCreating(false);
    if (created?.form) navigate(paths.webFormEdit.to({ formId: created.form.id }));
  };

  return (
    <Stack gap="md" data-testid="forms-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('forms:title')}
        </Title>
        {manager ? (
          <Button onClick={() => setCreating(true)} data-testid="form-create">
            {t('forms:create')}
          </Button>
        ) : null}
      </Group>
      <Tabs value="web-forms" onChange={(v) => v === 'printed-forms' && navigate(paths.formsPrintedForms.to())}>
        <Tabs.List>
          <Tabs.Tab value="web-forms">{t('forms:webForms')}</Tabs.Tab>
          <Tabs.Tab value="printed-forms">{t('shell:menu.printedForms')}</Tabs.Tab>
        </Tabs.List>
        {/* The tabs navigate between pages: the selected tab's aria-controls names this (empty) panel. */}
        <Tabs.Panel value="web-forms">{null}</Tabs.Panel>
      </Tabs>
      <DataTable<FormRow>
        label={t('forms:webForms')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getForms.paginatorInfo ?? null, onPage: (p) => (setPage(p.page), setFirst(p.first)), onSearch: setSearch }}
        columns={[
          {
            key: 'name',
            header: t('forms:name'),
            render: (r) => (
              <Link to={manager ? paths.webFormEdit.to({ formId: r.id }) : paths.webFormManageEntries.to({ formId: r.id })} data-testid="form-link">
                {r.name}
              </Link>
            ),
          },
          { key: 'fields', header: t('forms:fields'), render: (r) => r.fields.length },
          { key: 'version', header: t('forms:version'), render: (r) => r.version },
          { key: 'entries', header: t('forms:entries'), render: (r) => r.entries_count },
          { key: 'updated', header: t('forms:updated'), render: (r) => formatDateTime(r.updated_at) },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('forms:create')}>
        <Stack>
          <TextInput label={t('forms:name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-testid="form-name" />
          <Select
            label={t('forms:template')}
            placeholder={t('forms:blank')}
            data={(templates.data?.getCustomFormTemplates ?? []).map((x: { id: string; name: string }) => ({ value: x.id, label: x.name }))}
            value={template}
            onChange={(v) => {
              setTemplate(v);
              const picked = templates.data?.getCustomFormTemplates.find((x: { id: string }) => x.id === v);
              if (picked && !name) setName(picked.name);
            }}
            clearable
            data-testid="form-template"
          />
          <Text size="sm" c="dimmed">
            {t('forms:createHint')}
          </Text>
          <Button onClick={submit} disabled={!name.trim()} data-testid="form-create-save">
            {t('forms:save')}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
