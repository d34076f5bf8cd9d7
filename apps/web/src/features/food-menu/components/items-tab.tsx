import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useAppConfig } from '../../../lib/shell-context';
import { AllergiesQuery, CreateItemMutation, DeleteItemMutation, ItemsQuery, UpdateItemMutation } from '../api/food-menu.graphql';
import type { FoodMenuItemsQuery } from '../../../graphql/generated/tenant-api';
import { COMPONENTS, FOOD_TYPES, ITEM_STATUSES } from '../lib/constants';

type Item = FoodMenuItemsQuery['getFoodMenuItems']['data'][number];

interface Draft {
  id: string | null;
  name: string;
  status: string;
  components: string[];
  food_type: string;
  serving_oz: number | string;
  added_sugar_g: number | string;
  total_sugar_g: number | string;
  allergens: string[];
}

const EMPTY: Draft = {
  id: null,
  name: '',
  status: 'active',
  components: [],
  food_type: 'other',
  serving_oz: '',
  added_sugar_g: '',
  total_sugar_g: '',
  allergens: [],
};
const numberOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));

/** The location's items (paged on the server) with add, edit and delete. */
export function ItemsTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['foodMenu', 'common']);
  const childCare = useAppConfig().centre?.kind !== 'petcare';
  const [paging, setPaging] = useState({ page: 1, first: 25, search: '' });
  const [{ data, fetching }, refetch] = useQuery({
    query: ItemsQuery,
    variables: { location: locationId, search: paging.search || null, page: paging.page, first: paging.first },
    requestPolicy: 'cache-and-network',
  });
  const [{ data: allergyData }] = useQuery({ query: AllergiesQuery });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching: creating }, create] = useMutation(CreateItemMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateItemMutation);
  const [, remove] = useMutation(DeleteItemMutation);
  const allergies = (allergyData?.getAllergies.data ?? []).map((a) => ({ value: a.id, label: a.name }));

  const columns = useMemo<DataTableColumn<Item>[]>(
    () => [
      { key: 'name', header: t('items.name') },
      {
        key: 'status',
        header: t('items.status'),
        render: (r) => <Badge color={r.status === 'active' ? 'green' : 'gray'}>{t(`items.statuses.${r.status}`)}</Badge>,
      },
      ...(childCare
        ? [
            {
              key: 'components',
              header: t('items.components'),
              render: (r: Item) => r.components.map((c) => t(`components.${c}`)).join(', '),
            },
            {
              key: 'added_sugar_g',
              header: t('items.addedSugar'),
              render: (r: Item) => (r.added_sugar_g === null || r.added_sugar_g === undefined ? '' : `${r.added_sugar_g} g`),
            },
          ]
        : []),
      { key: 'allergens', header: t('items.allergens'), value: (r) => r.allergens.map((a) => a.name).join(', ') },
      {
        key: 'actions',
        header: '',
        sortable: false,
        searchable: false,
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t('items.edit', { name: r.name })} onClick={() => edit(r)}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="danger" aria-label={t('items.delete', { name: r.name })} onClick={() => del(r)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ),
      },
    ],
    [t, childCare],
  );

  function edit(r: Item) {
    setErrors({});
    setDraft({
      id: r.id,
      name: r.name,
      status: r.status,
      components: [...r.components],
      food_type: r.food_type,
      serving_oz: r.serving_oz ?? '',
      added_sugar_g: r.added_sugar_g ?? '',
      total_sugar_g: r.total_sugar_g ?? '',
      allergens: r.allergens.map((a) => a.id),
    });
  }

  function del(r: Item) {
    confirmDelete(t, r.name, async () => {
      const res = await remove({ id: r.id });
      if (reportMutationError(res.error, t)) return;
      if (res.data) showNotice(res.data.deleteFoodMenuItem);
      refetch({ requestPolicy: 'network-only' });
    });
  }

  async function save() {
    if (!draft) return;
    const values = {
      name: draft.name,
      status: draft.status,
      components: draft.components,
      food_type: draft.food_type,
      serving_oz: numberOrNull(draft.serving_oz),
      added_sugar_g: numberOrNull(draft.added_sugar_g),
      total_sugar_g: numberOrNull(draft.total_sugar_g),
      allergens: draft.allergens,
    };
    const res = draft.id ? await update({ id: draft.id, ...values }) : await create({ location: locationId, ...values });
    if (res.error) {
      const byField = fieldErrors(res.error);
      if (Object.keys(byField).length) setErrors(byField);
      else reportMutationError(res.error, t);
      return;
    }
    const notice = res.data && ('createFoodMenuItem' in res.data ? res.data.createFoodMenuItem : res.data.updateFoodMenuItem);
    if (notice) showNotice(notice);
    setDraft(null);
    refetch({ requestPolicy: 'network-only' });
  }

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return (
    <>
      <DataTable
        label={t('items.table')}
        rows={data?.getFoodMenuItems.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={{
          paginatorInfo: data?.getFoodMenuItems.paginatorInfo ?? null,
          onPage: ({ page, first }) => setPaging((p) => ({ ...p, page, first })),
          onSearch: (search) => setPaging((p) => (p.search === search ? p : { ...p, search, page: 1 })),
        }}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (setErrors({}), setDraft({ ...EMPTY }))} data-testid="food-item-add">
            {t('items.add')}
          </Button>
        }
      />
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={draft?.id ? t('items.editTitle') : t('items.addTitle')}>
        {draft ? (
          <Stack gap="sm">
            <TextInput
              label={t('items.name')}
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
              required
              data-autofocus
            />
            <Select
              label={t('items.status')}
              data={ITEM_STATUSES.map((s) => ({ value: s, label: t(`items.statuses.${s}`) }))}
              value={draft.status}
              onChange={(v) => set({ status: v ?? 'active' })}
              allowDeselect={false}
              error={errors.status}
            />
            {childCare ? (
              <>
                <MultiSelect
                  label={t('items.components')}
                  data={COMPONENTS.map((c) => ({ value: c, label: t(`components.${c}`) }))}
                  value={draft.components}
                  onChange={(v) => set({ components: v })}
                  error={errors.components}
                />
                <Select
                  label={t('items.foodType')}
                  data={FOOD_TYPES.map((c) => ({ value: c, label: t(`foodTypes.${c}`) }))}
                  value={draft.food_type}
                  onChange={(v) => set({ food_type: v ?? 'other' })}
                  allowDeselect={false}
                  error={errors.food_type}
                />
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <NumberInput
                    label={t('items.serving')}
                    value={draft.serving_oz}
                    onChange={(v) => set({ serving_oz: v })}
                    min={0}
                    decimalScale={2}
                    error={errors.serving_oz}
                  />
                  <NumberInput
                    label={t('items.addedSugar')}
                    value={draft.added_sugar_g}
                    onChange={(v) => set({ added_sugar_g: v })}
                    min={0}
                    decimalScale={2}
                    error={errors.added_sugar_g}
                  />
                  <NumberInput
                    label={t('items.totalSugar')}
                    value={draft.total_sugar_g}
                    onChange={(v) => set({ total_sugar_g: v })}
                    min={0}
                    decimalScale={2}
                    error={errors.total_sugar_g}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t('items.sugarHint')}
                </Text>
              </>
            ) : null}
            <MultiSelect
              label={t('items.allergens')}
              data={allergies}
              value={draft.allergens}
              onChange={(v) => set({ allergens: v })}
              searchable
              error={errors.allergens}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={save} loading={creating || updating} data-testid="food-item-save">
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
