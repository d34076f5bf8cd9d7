import { ActionIcon, Badge, Button, Card, Checkbox, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { fieldErrors } from '../../../lib/graphql-errors';
import { AddRelationshipMutation, DeleteRelationshipMutation, UpdateRelationshipMutation } from '../api/labels.mutation';
import { RelationshipsQuery, type RelationshipRow } from '../api/labels.query';
import { PageHead } from '../components/page-head';
import { useFinish } from '../hooks/use-notice-call';
import { usePaged } from '../hooks/use-paged';

const TYPES = ['parent', 'family', 'other'] as const;
interface Draft {
  name: string;
  is_default: boolean;
  legal_guardian: boolean;
  relationship_type: string;
}
const EMPTY: Draft = { name: '', is_default: false, legal_guardian: false, relationship_type: '' };

function RelationshipFields({ draft, error, onChange }: { draft: Draft; error: string | null; onChange(d: Draft): void }) {
  const { t } = useTranslation(['people', 'common']);
  return (
    <Group align="flex-start" wrap="wrap">
      <TextInput
        label={t('people:relationships.name')}
        withAsterisk
        aria-required
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
        error={error}
        maxLength={60}
        data-testid="relationship-name"
      />
      <Select
        label={t('people:relationships.type')}
        data={TYPES.map((x) => ({ value: x, label: t(`people:relationships.types.${x}`) }))}
        value={draft.relationship_type || null}
        onChange={(v) => onChange({ ...draft, relationship_type: v ?? '' })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={6} mt={26}>
        <Checkbox
          label={t('people:relationships.isDefault')}
          checked={draft.is_default}
          onChange={(e) => onChange({ ...draft, is_default: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('people:relationships.legalGuardian')}
          checked={draft.legal_guardian}
          onChange={(e) => onChange({ ...draft, legal_guardian: e.currentTarget.checked })}
        />
      </Stack>
    </Group>
  );
}

/** /relationships: how contacts are related to children (is_default, legal_guardian, relationship_type). */
export function RelationshipsPage() {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const paged = usePaged();
  const [{ data, fetching }, refetch] = useQuery({ query: RelationshipsQuery, variables: paged.vars });
  const [, add] = useMutation(AddRelationshipMutation);
  const [, update] = useMutation(UpdateRelationshipMutation);
  const [, remove] = useMutation(DeleteRelationshipMutation);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<(Draft & { id: string }) | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const columns = useMemo<DataTableColumn<RelationshipRow>[]>(
    () => [
      { key: 'name', header: t('people:relationships.name') },
      {
        key: 'relationship_type',
        header: t('people:relationships.type'),
        render: (r) =>
          r.relationship_type ? t(`people:relationships.types.${r.relationship_type}`, { defaultValue: r.relationship_type }) : '',
      },
      {
        key: 'is_default',
        header: t('people:relationships.isDefault'),
        render: (r) => (r.is_default ? <Badge variant="light">{t('people:yes')}</Badge> : null),
      },
      {
        key: 'legal_guardian',
        header: t('people:relationships.legalGuardian'),
        render: (r) => (r.legal_guardian ? t('people:yes') : t('people:no')),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('people:labels.rename')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('people:labels.renameNamed', { name: r.name })}
                onClick={() => {
                  setEditing({
                    id: r.id,
                    name: r.name,
                    is_default: r.is_default,
                    legal_guardian: r.legal_guardian,
                    relationship_type: r.relationship_type ?? '',
                  });
                  setEditError(null);
                }}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('people:labels.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('people:labels.deleteNamed', { name: r.name })}
                onClick={() =>
                  confirmDelete(t, r.name, async () => {
                    const x = await remove({ id: r.id });
                    if (finish(x.error, x.data?.deleteRelationship)) reload();
                  })
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [t, remove],
  );
  const page = data?.getRelationships;
  const vars = (d: Draft) => ({
    name: d.name.trim(),
    is_default: d.is_default,
    legal_guardian: d.legal_guardian,
    relationship_type: d.relationship_type || null,
  });
  return (
    <Stack gap="md" data-testid="relationships-page">
      <PageHead title={t('people:relationships.title')} lead={t('people:relationships.lead')} />
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t('people:relationships.add')}
          onSubmit={async (e) => {
            e.preventDefault();
            if (!draft.name.trim()) return setError(t('common:validation.required'));
            const r = await add(vars(draft));
            const f = fieldErrors(r.error);
            if (f.name) return setError(f.name);
            if (finish(r.error, r.data?.addRelationship)) {
              setDraft(EMPTY);
              setError(null);
              reload();
            }
          }}
        >
          <Stack gap="sm">
            <RelationshipFields draft={draft} error={error} onChange={setDraft} />
            <Group justify="flex-end">
              <Button type="submit">{t('people:relationships.add')}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <DataTable
        label={t('people:relationships.title')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={paged.server(page?.paginatorInfo)}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('people:relationships.edit')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {editing ? (
          <form
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              if (!editing.name.trim()) return setEditError(t('common:validation.required'));
              const r = await update({ id: editing.id, ...vars(editing) });
              const f = fieldErrors(r.error);
              if (f.name) return setEditError(f.name);
              if (finish(r.error, r.data?.updateRelationship)) {
                setEditing(null);
                reload();
              }
            }}
          >
            <Stack>
              <RelationshipFields draft={editing} error={editError} onChange={(d) => setEditing({ ...editing, ...d })} />
              <Group justify="flex-end">
                <Button type="submit">{t('common:actions.save')}</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Stack>
  );
}
