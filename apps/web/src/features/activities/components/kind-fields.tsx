import { Alert, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BOTTLE_CONTENTS,
  BOTTLE_UNITS,
  DIAPER_TYPES,
  MEAL_SLOTS,
  MOODS,
  NAP_POSITIONS,
  NAP_QUALITY,
  PORTIONS,
  POTTY_RESULTS,
} from '@kv/shared';
import type { EntryField, EntryValues, QuickKind } from '../lib/kinds';
import { ChoiceChips } from './choice-chips';

export interface KindFieldsProps {
  kind: QuickKind;
  values: EntryValues;
  onChange(patch: Partial<EntryValues>): void;
  /** Fields still needed (shown in the error colour once the teacher tried to save). */
  missing: readonly EntryField[];
  /** The medications every chosen child has (a medication entry). */
  medications: readonly { id: string; name: string }[];
}

const INPUT = { size: 'lg' as const };

/** The kind's own fields, prefilled; choices as large buttons, texts as large inputs. */
export function KindFields({ kind, values: v, onChange, missing, medications }: KindFieldsProps) {
  const { t } = useTranslation('activities');
  const err = (f: EntryField) => (missing.includes(f) ? t(`fields.needed.${f}`, { defaultValue: t('fields.needed.any') }) : undefined);
  const chips = (field: 'type' | 'portion' | 'position' | 'nap' | 'mood' | 'unit', group: string, list: readonly string[]) => (
    <ChoiceChips
      label={t(`fields.${kind}.${field}`)}
      options={list.map((value) => ({ value, label: t(`values.${group}.${value}`) }))}
      value={v[field]}
      onChange={(value) => onChange({ [field]: value })}
      testId={`field-${field}`}
      error={missing.includes(field)}
    />
  );
  switch (kind) {
    case 'meal':
      return (
        <Stack gap="sm">
          {chips('type', 'type', MEAL_SLOTS)}
          {chips('portion', 'portion', PORTIONS)}
          <TextInput
            {...INPUT}
            label={t('fields.meal.title')}
            value={v.title ?? ''}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'bottle':
      return (
        <Stack gap="sm">
          <NumberInput
            {...INPUT}
            label={t('fields.bottle.amount')}
            value={v.amount ?? ''}
            min={0}
            max={1000}
            decimalScale={1}
            onChange={(value) => onChange({ amount: typeof value === 'number' ? value : null })}
            error={err('amount')}
            data-testid="field-amount"
            withAsterisk
          />
          {chips('unit', 'unit', BOTTLE_UNITS)}
          {chips('type', 'type', BOTTLE_CONTENTS)}
        </Stack>
      );
    case 'nap':
      return (
        <Stack gap="sm">
          {chips('position', 'position', NAP_POSITIONS)}
          <TextInput
            {...INPUT}
            type="time"
            label={t('fields.nap.end_time')}
            value={v.end_time ?? ''}
            onChange={(e) => onChange({ end_time: e.currentTarget.value })}
            error={err('end_time')}
            data-testid="field-end_time"
          />
          {chips('nap', 'nap', NAP_QUALITY)}
        </Stack>
      );
    case 'diaper':
      return chips('type', 'type', DIAPER_TYPES);
    case 'potty':
      return chips('type', 'type', POTTY_RESULTS);
    case 'mood':
      return chips('mood', 'mood', MOODS);
    case 'supplies':
      return (
        <TagsInput
          {...INPUT}
          label={t('fields.supplies.supplies')}
          description={t('fields.supplies.hint')}
          value={v.supplies ?? []}
          onChange={(supplies) => onChange({ supplies })}
          maxTags={20}
          error={err('supplies')}
          data-testid="field-supplies"
          withAsterisk
        />
      );
    case 'medication':
      return (
        <Stack gap="sm">
          {medications.length === 0 ? (
            <Alert color="warning" variant="light" data-testid="no-medications">
              {t('fields.medication.none')}
            </Alert>
          ) : null}
          <Select
            {...INPUT}
            label={t('fields.medication.medication_id')}
            data={medications.map((m) => ({ value: m.id, label: m.name }))}
            value={v.medication_id ?? null}
            onChange={(medication_id) => onChange({ medication_id })}
            error={err('medication_id')}
            data-testid="field-medication"
            withAsterisk
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...INPUT}
              label={t('fields.medication.dose')}
              value={v.dose ?? ''}
              onChange={(e) => onChange({ dose: e.currentTarget.value })}
              error={err('dose')}
              withAsterisk
            />
            <TextInput
              {...INPUT}
              label={t('fields.medication.by')}
              value={v.by ?? ''}
              onChange={(e) => onChange({ by: e.currentTarget.value })}
              error={err('by')}
              withAsterisk
            />
          </SimpleGrid>
        </Stack>
      );
    case 'incident':
      return (
        <Stack gap="sm">
          <Alert color="primary" variant="light">
            {t('fields.incident.shownAtOnce')}
          </Alert>
          <Textarea
            {...INPUT}
            label={t('fields.incident.injury')}
            value={v.injury ?? ''}
            onChange={(e) => onChange({ injury: e.currentTarget.value })}
            error={err('injury')}
            autosize
            minRows={2}
            withAsterisk
            data-testid="field-injury"
          />
          <Textarea
            {...INPUT}
            label={t('fields.incident.first_aid')}
            value={v.first_aid ?? ''}
            onChange={(e) => onChange({ first_aid: e.currentTarget.value })}
            error={err('first_aid')}
            autosize
            minRows={2}
            withAsterisk
            data-testid="field-first_aid"
          />
          <TextInput
            {...INPUT}
            label={t('fields.incident.body_part')}
            value={v.body_part ?? ''}
            onChange={(e) => onChange({ body_part: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'note':
      return (
        <TextInput
          {...INPUT}
          label={t('fields.note.title')}
          value={v.title ?? ''}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
        />
      );
    case 'kudos':
      return (
        <TextInput
          {...INPUT}
          label={t('fields.kudos.title')}
          value={v.title ?? ''}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
          error={err('title')}
          withAsterisk
          data-testid="field-title"
        />
      );
    case 'custom':
      return (
        <Stack gap="sm">
          <TextInput
            {...INPUT}
            label={t('fields.custom.custom')}
            value={v.custom ?? ''}
            onChange={(e) => onChange({ custom: e.currentTarget.value })}
            error={err('custom')}
            withAsterisk
            data-testid="field-custom"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...INPUT}
              label={t('fields.custom.title')}
              value={v.title ?? ''}
              onChange={(e) => onChange({ title: e.currentTarget.value })}
            />
            <NumberInput
              {...INPUT}
              label={t('fields.custom.amount')}
              value={v.amount ?? ''}
              min={0}
              onChange={(value) => onChange({ amount: typeof value === 'number' ? value : null })}
            />
          </SimpleGrid>
        </Stack>
      );
    case 'observation':
      return (
        <Textarea
          {...INPUT}
          label={t('fields.observation.observation')}
          value={v.observation ?? ''}
          onChange={(e) => onChange({ observation: e.currentTarget.value })}
          error={err('observation')}
          autosize
          minRows={3}
          withAsterisk
          data-testid="field-observation"
        />
      );
    case 'activity':
      return (
        <Stack gap="sm">
          <TextInput
            {...INPUT}
            label={t('fields.activity.title')}
            value={v.title ?? ''}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
            error={err('title')}
            withAsterisk
            data-testid="field-title"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...INPUT}
              label={t('fields.activity.type')}
              value={v.type ?? ''}
              onChange={(e) => onChange({ type: e.currentTarget.value })}
            />
            <TextInput
              {...INPUT}
              type="time"
              label={t('fields.activity.end_time')}
              value={v.end_time ?? ''}
              onChange={(e) => onChange({ end_time: e.currentTarget.value })}
              error={err('end_time')}
            />
          </SimpleGrid>
        </Stack>
      );
    case 'photo':
    case 'video':
      // The file and its caption are the quick entry's own (uploaded to the album on Save).
      return null;
  }
}
