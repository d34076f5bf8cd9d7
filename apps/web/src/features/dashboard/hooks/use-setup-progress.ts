import { useSyncExternalStore } from 'react';
import { currentLocation } from '../../../lib/current-location';
import { loadSchemaInfo, probeCount } from '../../../lib/schema-probe';
import { useProbe, type ProbeState } from '../../../lib/use-probe';
import { ALL_SETUP_QUERIES, SETUP_STEPS, type SetupStep } from '../setup-steps';

export type StepStatus = { step: SetupStep; done: boolean };

/** Each setup step with whether real data shows it done; a step without a data source here is not done. */
export function useSetupProgress(): ProbeState<StepStatus[]> {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const locationId = location?.id ?? null;
  return useProbe(
    async (client) => {
      const schema = await loadSchemaInfo(client, ALL_SETUP_QUERIES);
      return Promise.all(
        SETUP_STEPS.map(async (step) => {
          const count = await probeCount(client, schema, step.queries, { locationId, role: step.role ?? null });
          return { step, done: (count ?? 0) > 0 };
        }),
      );
    },
    [locationId],
  );
}
