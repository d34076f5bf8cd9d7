import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocation } from '../../lib/current-location';
import { useQuery } from 'urql';
import { PickerLocationsQuery } from './api/picker-locations.query';

const PICKER_CONTEXT = { additionalTypenames: ['Location'] };

/**
 * The current location, remembered under its storage key. It hides itself while the viewer has
 * no location.
 */
export function LocationPicker() {
  const { t } = useTranslation('common');
  const current = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data }] = useQuery({ query: PickerLocationsQuery, context: PICKER_CONTEXT });
  const locations = useMemo(() => data?.dropdownLocations ?? [], [data]);

  useEffect(() => {
    if (locations.length === 0) return;
    if (!current || !locations.some((l) => l.id === current.id)) currentLocation.set(locations[0]!);
  }, [locations, current]);

  if (locations.length === 0) return null;
  return (
    <Select
      aria-label={t('shell:location.label')}
      data={locations.map((l) => ({ value: l.id, label: l.name }))}
      value={current?.id ?? null}
      onChange={(id) => {
        const next = locations.find((l) => l.id === id);
        if (next) currentLocation.set(next);
      }}
      allowDeselect={false}
      leftSection={<IconMapPin size={16} aria-hidden />}
      size="sm"
      w={{ base: 128, sm: 220 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="location-picker"
    />
  );
}
