import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ChildOptionsQuery, StaffOptionsQuery } from '../api/photos.query';
import classes from './photos.module.css';

interface Named {
  id: string;
  name: string;
}

/** Options for the ids picked so far and the ones found; a picked person's name stays while the search lists others. */
function useOptions(found: readonly Named[] | undefined, value: readonly string[], known: readonly Named[]) {
  const picked = useRef(new Map<string, string>(known.map((k) => [k.id, k.name])));
  const options = useMemo(() => {
    const list = new Map((found ?? []).map((p) => [p.id, p.name]));
    for (const id of value) if (!list.has(id)) list.set(id, picked.current.get(id) ?? id);
    return [...list].map(([id, name]) => ({ value: id, label: name }));
  }, [found, value]);
  const remember = (ids: readonly string[]) => {
    for (const o of options) if (ids.includes(o.value)) picked.current.set(o.value, o.label);
  };
  return { options, remember };
}

interface PickerProps {
  locationId: string | null;
  value: string[];
  onChange(ids: string[]): void;
  /** Names of the people already tagged (editing). */
  known?: readonly Named[];
  error?: string;
}

/** The children of the location to tag (searched on the server). */
export function ChildrenPicker({ locationId, value, onChange, known = [], error }: PickerProps) {
  const { t } = useTranslation('photos');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data }] = useQuery({ query: ChildOptionsQuery, variables: { location_id: locationId, search: debounced || null } });
  const found = useMemo(() => data?.students.data.map((s) => ({ id: s.id, name: s.full_name })), [data]);
  const { options, remember } = useOptions(found, value, known);
  return (
    <MultiSelect
      label={t('form.children')}
      description={t('form.childrenHint')}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(ids) => {
        remember(ids);
        onChange(ids);
      }}
      clearable
      error={error}
      nothingFoundMessage={t('form.nobody')}
      comboboxProps={{ withinPortal: true }}
      data-testid="photo-children"
    />
  );
}

/** The staff of the location to tag. */
export function StaffPicker({ locationId, value, onChange, known = [], error }: PickerProps) {
  const { t } = useTranslation('photos');
  const [{ data }] = useQuery({ query: StaffOptionsQuery, variables: { location_id: locationId ?? '' }, pause: !locationId });
  const found = useMemo(() => data?.getTeamAttendance.data.map((m) => ({ id: m.user.id, name: m.user.full_name })), [data]);
  const { options, remember } = useOptions(found, value, known);
  return (
    <MultiSelect
      label={t('form.staff')}
      data={options}
      value={value}
      searchable
      onChange={(ids) => {
        remember(ids);
        onChange(ids);
      }}
      clearable
      error={error}
      nothingFoundMessage={t('form.nobody')}
      comboboxProps={{ withinPortal: true }}
      data-testid="photo-staff"
    />
  );
}

/** One child of the location (the gallery's filter). */
export function ChildFilter({
  locationId,
  value,
  onChange,
}: {
  locationId: string | null;
  value: string | null;
  onChange(id: string | null): void;
}) {
  const { t } = useTranslation('photos');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data }] = useQuery({ query: ChildOptionsQuery, variables: { location_id: locationId, search: debounced || null } });
  const found = useMemo(() => data?.students.data.map((s) => ({ id: s.id, name: s.full_name })), [data]);
  const { options, remember } = useOptions(found, value ? [value] : [], []);
  return (
    <Select
      label={t('filters.child')}
      placeholder={t('filters.allChildren')}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(id) => {
        if (id) remember([id]);
        onChange(id);
      }}
      clearable
      nothingFoundMessage={t('form.nobody')}
      comboboxProps={{ withinPortal: true }}
      miw={200}
      classNames={{ input: classes.touchInput }}
      data-testid="photos-filter-child"
    />
  );
}
