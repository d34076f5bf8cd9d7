import { ActionIcon, Button, Card, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TypedDocumentNode } from '@urql/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { fieldErrors } from '../../../lib/graphql-errors';
import type { Page, ResultTriple } from '../api/fragments';
import {
  AddAllergyMutation,
  AddMedicationMutation,
  AddTagMutation,
  DeleteAllergyMutation,
  DeleteMedicationMutation,
  DeleteTagMutation,
  UpdateAllergyMutation,
  UpdateMedicationMutation,
  UpdateTagMutation,
} from '../api/labels.mutation';
import { AllergiesQuery, MedicationsQuery, TagsQuery, type LabelRow } from '../api/labels.query';
import { PageHead } from '../components/page-head';
import { useFinish } from '../hooks/use-notice-call';
import { usePaged } from '../hooks/use-paged';

type Vars = { search?: string | null; page: number; first: number };
interface LabelKind {
  key: 'tags' | 'allergies' | 'medications';
  list: TypedDocumentNode<any, Vars>;
  listField: string;
  add: TypedDocumentNode<any, { name: string }>;
  update: TypedDocumentNode<any, { id: string; name: string }>;
  remove: TypedDocumentNode<any, { id: string }>;
}

const KINDS: Record<LabelKind['key'], LabelKind> = {
  tags: { key: 'tags', list: TagsQuery, listField: 'getTags', add: AddTagMutation, update: UpdateTagMutation, remove: DeleteTagMutation },
  allergies: {
    key: 'allergies',
    list: AllergiesQuery,
    listField: 'getAllergies',
    add: AddAllergyMutation,
    update: UpdateAllergyMutation,
    remove: DeleteAllergyMutation,
  },
  medications: {
    key: 'medications',
    list: MedicationsQuery,
    listField: 'getMedications',
    add: AddMedicationMutation,
    update: UpdateMedicationMutation,
    remove: DeleteMedicationMutation,
  },
};

const first = (data: Record<string, unknown> | undefined): ResultTriple | undefined =>
  data ? (Object.values(data)[0] as ResultTriple | undefined) : undefined;

/** Tags, allergies or medications: a centre-wide list with how many students and people carry each. */
function LabelsScreen({ kind }: { kind: LabelKind }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const paged = usePaged();
  const [{ data, fetching }, refetch] = useQuery({ query: kind.list, variables: paged.vars });
  const [, add] = useMutation(kind.add);
  const [, update] = useMutation(kind.update);
  const [, remove] = useMutation(kind.remove);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [editing, setEditing] = useState<LabelRow | null>(null);
  const [editName, setEditName] = useState('');
  const [editError, setEditError] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const page = (data as Record<string, Page<LabelRow>> | undefined)?.[kind.listField];

  const columns = useMemo<DataTableColumn<LabelRow>[]>(
    () => [
      { key: 'name', header: t('people:labels.name') },
      { key: 'student_count', header: t('people:labels.students') },
      { key: 'user_count', header: t('people:labels.users') },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (row) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('people:labels.rename')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('people:labels.renameNamed', { name: row.name })}
                onClick={() => {
                  setEditing(row);
                  setEditName(row.name);
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
                aria-label={t('people:labels.deleteNamed', { name: row.name })}
                data-testid={`delete-label-${row.name}`}
                onClick={() =>
                  confirmDelete(t, row.name, async () => {
                    const r = await remove({ id: row.id });
                    if (finish(r.error, first(r.data))) reload();
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

  const title = t(`people:labels.${kind.key}.title`);
  return (
    <Stack gap="md" data-testid={`labels-${kind.key}`}>
      <PageHead title={title} lead={t(`people:labels.${kind.key}.lead`)} />
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t(`people:labels.${kind.key}.add`)}
          onSubmit={async (e) => {
            e.preventDefault();
            if (!name.trim()) {
              setNameError(t('common:validation.required'));
              return;
            }
            const r = await add({ name: name.trim() });
            const byField = fieldErrors(r.error);
            if (byField.name) {
              setNameError(byField.name);
              return;
            }
            if (finish(r.error, first(r.data))) {
              setName('');
              setNameError(null);
              reload();
            }
          }}
        >
          <Group align="flex-start">
            <TextInput
              label={t('people:labels.name')}
              withAsterisk
              aria-required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              maxLength={100}
              data-testid="label-name"
            />
            <Button type="submit" mt={25} data-testid="label-add">
              {t(`people:labels.${kind.key}.add`)}
            </Button>
          </Group>
        </form>
      </Card>
      <DataTable
        label={title}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={paged.server(page?.paginatorInfo)}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('people:labels.rename')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (!editing) return;
            if (!editName.trim()) {
              setEditError(t('common:validation.required'));
              return;
            }
            const r = await update({ id: editing.id, name: editName.trim() });
            const byField = fieldErrors(r.error);
            if (byField.name) {
              setEditError(byField.name);
              return;
            }
            if (finish(r.error, first(r.data))) {
              setEditing(null);
              reload();
            }
          }}
        >
          <Stack>
            <TextInput
              label={t('people:labels.name')}
              withAsterisk
              aria-required
              value={editName}
              onChange={(e) => setEditName(e.currentTarget.value)}
              error={editError}
            />
            <Group justify="flex-end">
              <Button type="submit">{t('common:actions.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

export function StudentTagsPage() {
  return <LabelsScreen kind={KINDS.tags} />;
}
export function StudentAllergiesPage() {
  return <LabelsScreen kind={KINDS.allergies} />;
}
export function StudentMedicationsPage() {
  return <LabelsScreen kind={KINDS.medications} />;
}
