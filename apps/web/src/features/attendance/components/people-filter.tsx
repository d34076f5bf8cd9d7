import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ChildOptionsQuery, StaffOptionsQuery } from '../api/people-options';

export type PeopleKind = 'staff' | 'children';

/**
 * A report's staff or child filter: several people of the location, searched on the server; the
 * names of the people already picked stay shown while the search lists others.
 */
export function PeopleFilter({
  kind,
  locationId,
  value,
  onChange,
}: {
  kind: PeopleKind;
  locationId: string;
  value: string[];
  onChange(ids: string[]): void;
}) {
  const { t } = useTranslation('attendance');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const vars = { location_id: locationId, search: debounced || null };
  const [staff] = useQuery({ query: StaffOptionsQuery, variables: vars, pause: kind !== 'staff' });
  const [children] = useQuery({ query: ChildOptionsQuery, variables: vars, pause: kind !== 'children' });
  const found = kind === 'staff' ? staff.data?.getTeamList.data : children.data?.students.data;
  const picked = useRef(new Map<string, string>());
  const options = useMemo(() => {
    const list = new Map((found ?? []).map((p) => [p.id, p.full_name]));
    for (const id of value) if (!list.has(id)) list.set(id, picked.current.get(id) ?? id);
    return [...list].map(([id, name]) => ({ value: id, label: name }));
  }, [found, value]);
  return (
    <MultiSelect
      label={t(kind === 'staff' ? 'reports.staffFilter' : 'reports.childFilter')}
      placeholder={value.length ? undefined : t(kind === 'staff' ? 'reports.allStaff' : 'reports.allChildren')}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(ids) => {
        for (const o of options) if (ids.includes(o.value)) picked.current.set(o.value, o.label);
        onChange(ids);
      }}
      clearable
      miw={220}
      maw={420}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage={t('reports.noPeople')}
      data-testid={`report-${kind}`}
    />
  );
}
