import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, type AnyVariables, type TypedDocumentNode } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { paths } from '../../../lib/paths';
import {
  BillingCategoriesQuery,
  BillingPresetsQuery,
  BillingTemplatesQuery,
  BillingVariableChargesQuery,
  CreateCategoryMutation,
  CreatePresetMutation,
  CreateVariableChargeMutation,
  DeleteCategoryMutation,
  DeletePresetMutation,
  DeleteTemplateMutation,
  DeleteVariableChargeMutation,
  SaveTemplateMutation,
} from '../api/billing.graphql';
import { roleAtLeast } from '@kv/shared';
import { useViewer } from '../../../lib/shell-context';
import { BillingPage, SubLinks } from '../components/billing-tabs';
import { AmountInput, CategorySelect, PeriodSelect, TextField } from '../components/form-fields';
import { ProviderKeysPanel } from '../stripe/provider-keys-panel';
import { money, moneyField, useBillingLocation, writeOutcome } from '../lib/billing';

function SettingsLinks() {
  const { t } = useTranslation('billing');
  return (
    <SubLinks
      links={[
        { to: paths.billingSettings.to(), label: t('settings.title') },
        { to: paths.billingSettingsManagePresets.to(), label: t('presets.title') },
        { to: paths.billingSettingsVariableCharges.to(), label: t('variableCharges.title') },
        { to: paths.billingSettingsCategories.to(), label: t('categories.title') },
        { to: paths.billingSettingsPlanTemplates.to(), label: t('templates.title') },
      ]}
    />
  );
}

/** /billing/settings: the set-up sections, each with what the location has. */
export function BillingSettingsPage() {
  const { t } = useTranslation('billing');
  const viewer = useViewer();
  const location = useBillingLocation();
  const vars = { location_id: location ?? '' };
  const [presets] = useQuery({ query: BillingPresetsQuery, variables: vars, pause: !location });
  const [charges] = useQuery({ query: BillingVariableChargesQuery, variables: vars, pause: !location });
  const [categories] = useQuery({ query: BillingCategoriesQuery, variables: vars, pause: !location });
  const [templates] = useQuery({ query: BillingTemplatesQuery, variables: vars, pause: !location });
  const cards = [
    { to: paths.billingSettingsManagePresets.to(), key: 'presets', count: presets.data?.getBillingPresets.length },
    { to: paths.billingSettingsVariableCharges.to(), key: 'variableCharges', count: charges.data?.getVariableCharges.length },
    { to: paths.billingSettingsCategories.to(), key: 'categories', count: categories.data?.getChargeCategories.length },
    { to: paths.billingSettingsPlanTemplates.to(), key: 'templates', count: templates.data?.getPlanTemplates.length },
  ];
  return (
    <BillingPage title={t('settings.title')} sub={<SettingsLinks />} testId="billing-settings">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {cards.map((c) => (
          <Paper key={c.key} withBorder p="md">
            <Text fw={600}>{t(`${c.key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t('settings.count', { count: c.count ?? 0 })}
            </Text>
            <Button component={Link} to={c.to} variant="light" size="xs" mt="sm">
              {t('actions.manage')}
            </Button>
          </Paper>
        ))}
      </SimpleGrid>
      {/* Card payments: the owner's Stripe keys (the owner alone may see or change them). */}
      {roleAtLeast(viewer.role, 'center') && <ProviderKeysPanel />}
    </BillingPage>
  );
}

/** A settings list with an add form above it; the form reports typed field errors on its fields. */
function SettingsList<T extends { id: string }>({
  title,
  testId,
  rows,
  loading,
  columns,
  form,
  onDelete,
}: {
  title: string;
  testId: string;
  rows: readonly T[];
  loading: boolean;
  columns: DataTableColumn<T>[];
  form: ReactNode;
  onDelete(row: T): void;
}) {
  const { t } = useTranslation('billing');
  return (
    <BillingPage title={title} sub={<SettingsLinks />} testId={testId}>
      <Paper withBorder p="sm">
        {form}
      </Paper>
      <DataTable<T>
        label={title}
        rows={rows}
        loading={loading}
        rowKey={(r) => r.id}
        columns={[
          ...columns,
          {
            key: 'delete',
            header: '',
            sortable: false,
            searchable: false,
            render: (r) => (
              <Button size="compact-xs" variant="subtle" color="danger" onClick={() => onDelete(r)}>
                {t('actions.delete')}
              </Button>
            ),
          },
        ]}
      />
    </BillingPage>
  );
}

/**
 * A settings list's rows for the location, its reload after an add, and its delete (then reload):
 * spread the result (less `reload`) on `SettingsList`.
 */
function useSettingsRows<Data, Vars extends AnyVariables, Row extends { id: string }>(
  query: TypedDocumentNode<Data, Vars>,
  variables: Vars,
  pick: (data: Data) => readonly Row[],
  removeMutation: TypedDocumentNode<unknown, { id: string }>,
) {
  const location = useBillingLocation();
  const [{ data, fetching }, refetch] = useQuery<Data, Vars>({ query, variables, pause: !location });
  const [, remove] = useMutation(removeMutation);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return {
    rows: data ? pick(data) : [],
    loading: fetching,
    reload,
    onDelete: async (row: Row) => writeOutcome(await remove({ id: row.id }), []).ok && reload(),
  };
}

/** /billing/settings/manage-presets: preset items (name, amount, detail, category). */
export function BillingPresetsPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const { reload, ...list } = useSettingsRows(
    BillingPresetsQuery,
    { location_id: location ?? '' },
    (d) => d.getBillingPresets,
    DeletePresetMutation,
  );
  const [, create] = useMutation(CreatePresetMutation);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [detail, setDetail] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function add() {
    const cents = moneyField(amount);
    if (cents.error !== null) return setErrors({ amount: cents.error });
    if (!location) return;
    const outcome = writeOutcome(
      await create({ location_id: location, name, amount: cents.cents, detail: detail || null, category_id: category }),
      ['name', 'amount', 'detail', 'category_id'],
    );
    setErrors(outcome.errors);
    if (outcome.ok) {
      setName('');
      setAmount('');
      setDetail('');
      reload();
    }
  }
  return (
    <SettingsList
      title={t('presets.title')}
      testId="billing-presets"
      {...list}
      columns={[
        { key: 'name', header: t('fields.name') },
        { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        { key: 'detail', header: t('fields.detail'), render: (r) => r.detail ?? '' },
        { key: 'category.name', header: t('fields.category'), render: (r) => r.category?.name ?? '' },
      ]}
      form={
        <Group align="flex-start" wrap="wrap">
          <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} />
          <AmountInput value={amount} onChange={setAmount} error={errors.amount} w={120} />
          <TextField label={t('fields.detail')} value={detail} onChange={setDetail} error={errors.detail} />
          <CategorySelect location={location} value={category} onChange={setCategory} error={errors.category_id} />
          <Button mt={24} onClick={add}>
            {t('actions.add')}
          </Button>
        </Group>
      }
    />
  );
}

/** /billing/settings/variable-charges: late pickup and other charges per started interval. */
export function BillingVariableChargesPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const { reload, ...list } = useSettingsRows(
    BillingVariableChargesQuery,
    { location_id: location ?? '' },
    (d) => d.getVariableCharges,
    DeleteVariableChargeMutation,
  );
  const [, create] = useMutation(CreateVariableChargeMutation);
  const [details, setDetails] = useState('');
  const [amount, setAmount] = useState('');
  const [max, setMax] = useState('');
  const [interval, setInterval] = useState('15');
  const [endTime, setEndTime] = useState('18:00');
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function add() {
    const cents = moneyField(amount);
    const maxCents = max.trim() ? moneyField(max) : null;
    const local: Record<string, string> = {};
    if (cents.error !== null) local.amount = cents.error;
    if (maxCents && maxCents.error !== null) local.max_amount = maxCents.error;
    if (!/^\d+$/.test(interval) || Number(interval) < 1) local.interval = t('errors.interval');
    if (Object.keys(local).length) return setErrors(local);
    if (!location) return;
    const outcome = writeOutcome(
      await create({
        location_id: location,
        details,
        amount: cents.cents!,
        max_amount: maxCents?.cents ?? null,
        interval: Number(interval),
        end_time: endTime || null,
        category_id: category,
      }),
      ['details', 'amount', 'max_amount', 'interval', 'end_time', 'category_id'],
    );
    setErrors(outcome.errors);
    if (outcome.ok) {
      setDetails('');
      setAmount('');
      setMax('');
      reload();
    }
  }
  return (
    <SettingsList
      title={t('variableCharges.title')}
      testId="billing-variable-charges"
      {...list}
      columns={[
        { key: 'details', header: t('fields.details') },
        { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        { key: 'max_amount', header: t('fields.maxAmount'), render: (r) => (r.max_amount === null ? '' : money(r.max_amount)) },
        { key: 'interval', header: t('fields.interval'), render: (r) => t('variableCharges.every', { minutes: r.interval }) },
        { key: 'end_time', header: t('fields.endTime'), render: (r) => r.end_time ?? '' },
        { key: 'category.name', header: t('fields.category'), render: (r) => r.category?.name ?? '' },
      ]}
      form={
        <Group align="flex-start" wrap="wrap">
          <TextField label={t('fields.details')} value={details} onChange={setDetails} error={errors.details} />
          <AmountInput value={amount} onChange={setAmount} error={errors.amount} w={120} />
          <AmountInput label={t('fields.maxAmount')} value={max} onChange={setMax} error={errors.max_amount} w={120} />
          <TextField
            label={t('fields.interval')}
            value={interval}
            onChange={setInterval}
            error={errors.interval}
            inputMode="numeric"
            w={120}
          />
          <TextField type="time" label={t('fields.endTime')} value={endTime} onChange={setEndTime} error={errors.end_time} w={130} />
          <CategorySelect location={location} value={category} onChange={setCategory} error={errors.category_id} />
          <Button mt={24} onClick={add}>
            {t('actions.add')}
          </Button>
        </Group>
      }
    />
  );
}

/** /billing/settings/categories: charge categories (one in use is archived, not deleted). */
export function BillingCategoriesPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const { reload, ...list } = useSettingsRows(
    BillingCategoriesQuery,
    { location_id: location ?? '', archived: null },
    (d) => d.getChargeCategories,
    DeleteCategoryMutation,
  );
  const [, create] = useMutation(CreateCategoryMutation);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function add() {
    if (!location) return;
    const outcome = writeOutcome(await create({ location_id: location, name }), ['name']);
    setErrors(outcome.errors);
    if (outcome.ok) {
      setName('');
      reload();
    }
  }
  return (
    <SettingsList
      title={t('categories.title')}
      testId="billing-categories"
      {...list}
      columns={[
        { key: 'name', header: t('fields.name') },
        { key: 'archived', header: t('fields.status'), render: (r) => (r.archived ? t('status.archived') : t('status.active')) },
      ]}
      form={
        <Group align="flex-start" wrap="wrap">
          <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} />
          <Button mt={24} onClick={add}>
            {t('actions.add')}
          </Button>
        </Group>
      }
    />
  );
}

/** /billing/settings/plan-templates: plan templates (name, amount, period). */
export function BillingTemplatesPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const { reload, ...list } = useSettingsRows(
    BillingTemplatesQuery,
    { location_id: location ?? '' },
    (d) => d.getPlanTemplates,
    DeleteTemplateMutation,
  );
  const [, save] = useMutation(SaveTemplateMutation);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<string>('monthly');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function add() {
    const cents = moneyField(amount);
    if (cents.error !== null) return setErrors({ amount: cents.error });
    if (!location) return;
    const outcome = writeOutcome(await save({ location_id: location, name, amount: cents.cents, period }), ['name', 'amount', 'period']);
    setErrors(outcome.errors);
    if (outcome.ok) {
      setName('');
      setAmount('');
      reload();
    }
  }
  return (
    <SettingsList
      title={t('templates.title')}
      testId="billing-templates"
      {...list}
      columns={[
        { key: 'name', header: t('fields.name') },
        { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        { key: 'period', header: t('fields.period'), render: (r) => t(`periods.${r.period}`) },
        { key: 'students', header: t('templates.students'), render: (r) => String(r.students.length) },
      ]}
      form={
        <Stack gap="xs">
          <Group align="flex-start" wrap="wrap">
            <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} />
            <AmountInput value={amount} onChange={setAmount} error={errors.amount} w={120} />
            <PeriodSelect value={period} onChange={setPeriod} error={errors.period} />
            <Button mt={24} onClick={add}>
              {t('actions.add')}
            </Button>
          </Group>
        </Stack>
      }
    />
  );
}
