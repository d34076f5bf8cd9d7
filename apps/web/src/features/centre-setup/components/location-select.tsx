import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocationChoice } from '../hooks/use-location-choice';

/** Which location the page works on. */
export function LocationSelect({ choice }: { choice: LocationChoice }) {
  const { t } = useTranslation('setup');
  return (
    <Select
      label={t('setup:common.location')}
      data={choice.locations.map((l) => ({ value: l.id, label: l.name }))}
      value={choice.locationId}
      onChange={choice.choose}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="setup-location-select"
    />
  );
}
