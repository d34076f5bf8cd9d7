import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { BillingCategoriesQuery } from '../api/billing.graphql';

const PERIODS = ['weekly', 'biweekly', 'monthly'] as const;

type TextFieldProps = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange(value: string): void };

/** A text input that hands its text (not the event) to `onChange`; `error` shows the field's typed error. */
export function TextField({ value, onChange, ...rest }: TextFieldProps) {
  return <TextInput value={value} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />;
}

/** A dollars input ("12.50"), labelled Amount unless told; parse it with `moneyField`. */
export function AmountInput({ label, ...rest }: Omit<TextFieldProps, 'label'> & { label?: string }) {
  const { t } = useTranslation('billing');
  return <TextField label={label ?? t('fields.amount')} inputMode="decimal" {...rest} />;
}

/** The plan period picker (weekly, biweekly, monthly); always has a value. */
export function PeriodSelect({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string }) {
  const { t } = useTranslation('billing');
  return (
    <Select
      label={t('fields.period')}
      data={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      error={error}
      w={150}
    />
  );
}

/** The location's charge categories to pick one (or none). */
export function CategorySelect({ location, ...rest }: Omit<SelectProps, 'data' | 'label' | 'clearable'> & { location: string | null }) {
  const { t } = useTranslation('billing');
  const [{ data }] = useQuery({ query: BillingCategoriesQuery, variables: { location_id: location ?? '' }, pause: !location });
  const options = (data?.getChargeCategories ?? []).map((c) => ({ value: c.id, label: c.name }));
  return <Select label={t('fields.category')} data={options} clearable {...rest} />;
}
