import { useSyncExternalStore } from 'react';
import { currentLocation } from '../../../lib/current-location';
import { loadSchemaInfo, probeNumbers } from '../../../lib/schema-probe';
import { useProbe, type ProbeState } from '../../../lib/use-probe';
import { COUNTER_NAMES, COUNTER_QUERIES } from '../setup-steps';

/** The location's counters, or null while this server has no counters query. */
export function useLocationCounters(): ProbeState<Record<string, number> | null> {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const locationId = location?.id ?? null;
  return useProbe(
    async (client) => {
      const schema = await loadSchemaInfo(client, COUNTER_QUERIES);
      return probeNumbers(client, schema, COUNTER_QUERIES, COUNTER_NAMES, { locationId });
    },
    [locationId],
  );
}
