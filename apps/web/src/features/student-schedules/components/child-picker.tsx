import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from 'urql';
import { ChildOptionsQuery, StaffOptionsQuery } from '../api/editing.graphql';

interface PickerProps {
  locationId: string;
  label: string;
  value: string | null;
  onChange(id: string | null): void;
  error?: string;
  testId: string;
  required?: boolean;
}

/** A searchable child (or staff member) picker of the location. */
function Picker({ locationId, label, value, onChange, error, testId, staff, required = true }: PickerProps & { staff: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [children] = useQuery({
    query: ChildOptionsQuery,
    variables: { location_id: locationId, search: debounced || null },
    pause: staff,
  });
  const [team] = useQuery({ query: StaffOptionsQuery, variables: { location_id: locationId, search: debounced || null }, pause: !staff });
  const rows = (staff ? team.data?.getTeamList.data : children.data?.students.data) ?? [];
  return (
    <Select
      label={label}
      data={rows.map((r) => ({ value: r.id, label: r.full_name }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage="No data available."
      error={error}
      required={required}
      data-testid={testId}
    />
  );
}

export const ChildPicker = (p: PickerProps) => <Picker {...p} staff={false} />;
export const StaffPicker = (p: PickerProps) => <Picker {...p} staff />;
