import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { ContactSearchQuery } from '../api/students.query';

/** Picks a contact (role user) by name or email, searching on the server. */
export function ContactPicker({
  value,
  label,
  selectedLabel,
  error,
  onChange,
  testId,
}: {
  value: string;
  label: string;
  selectedLabel: string;
  error?: string;
  onChange(id: string, label: string): void;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data }] = useQuery({ query: ContactSearchQuery, variables: { search: debounced || null } });
  const options = useMemo(() => {
    const list = (data?.roleUsers.data ?? []).map((u) => ({ value: u.id, label: u.email ? `${u.full_name} (${u.email})` : u.full_name }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: selectedLabel || value });
    return list;
  }, [data, value, selectedLabel]);
  return (
    <Select
      label={label}
      withAsterisk
      aria-required
      searchable
      data={options}
      value={value || null}
      onSearchChange={setSearch}
      onChange={(id) => onChange(id ?? '', options.find((o) => o.value === id)?.label ?? '')}
      filter={({ options: all }) => all}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
