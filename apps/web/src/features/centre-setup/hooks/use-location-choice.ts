import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { LocationOptionsQuery } from '../api/locations.query';

/**
 * The location a setup page works on: the remembered current location when the viewer may see it,
 * otherwise the first one; choosing another also changes the current location.
 */
export function useLocationChoice() {
  const current = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data, fetching, error }] = useQuery({ query: LocationOptionsQuery });
  const locations = data?.dropdownLocations ?? [];
  const chosen = locations.find((l) => l.id === current?.id) ?? locations[0] ?? null;

  useEffect(() => {
    if (chosen && chosen.id !== current?.id) currentLocation.set({ id: chosen.id, name: chosen.name });
  }, [chosen, current]);

  return {
    locations,
    locationId: chosen?.id ?? null,
    fetching,
    error,
    choose(id: string | null) {
      const next = locations.find((l) => l.id === id);
      if (next) currentLocation.set({ id: next.id, name: next.name });
    },
  };
}

export type LocationChoice = ReturnType<typeof useLocationChoice>;
