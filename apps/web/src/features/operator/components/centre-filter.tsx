import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { CentersQuery } from '../api/centers.query';

/** A searchable centre picker for list filters: the first 50 centres matching what is typed (name, slug, host, email). */
export function CentreFilter({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation('platformBilling');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data }] = useQuery({ query: CentersQuery, variables: { first: 50, search: debounced || null } });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = useMemo(() => {
    const list = (data?.getCenters.data ?? []).map((c) => ({ value: c.id, label: c.name }));
    if (chosen && !list.some((o) => o.value === chosen.value)) list.unshift(chosen);
    return list;
  }, [data, chosen]);
  return (
    <Select
      aria-label={t('filters.centre')}
      placeholder={t('filters.allCentres')}
      data={options}
      value={value}
      searchable
      clearable
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setChosen(option ?? null);
        onChange(id);
      }}
      nothingFoundMessage={t('filters.noCentre')}
      size="sm"
      w={{ base: '100%', xs: 220 }}
      data-testid="centre-filter"
    />
  );
}
