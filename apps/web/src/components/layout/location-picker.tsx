import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocation } from '../../lib/current-location';
import { loadSchemaInfo, probeIdNameList } from '../../lib/schema-probe';
import { useProbe } from '../../lib/use-probe';

/** Location list queries, in order of preference, as the locations module may name them. */
export const LOCATION_LIST_QUERIES = [
  'dropdownLocations',
  'locations',
  'activeLocations',
  'managerAllLocationsList',
  'getAllLocations',
] as const;

/**
 * The current location, remembered under its storage key. It hides itself while this centre's
 * server has no location list (or the list is empty).
 */
export function LocationPicker() {
  const { t } = useTranslation('common');
  const current = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const state = useProbe(async (client) => {
    const schema = await loadSchemaInfo(client, LOCATION_LIST_QUERIES);
    return (await probeIdNameList(client, schema, LOCATION_LIST_QUERIES, {})) ?? [];
  }, []);
  const locations = state.status === 'done' ? state.value : [];

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
