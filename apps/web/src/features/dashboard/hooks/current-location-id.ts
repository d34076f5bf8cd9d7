import { useSyncExternalStore } from 'react';
import { currentLocation } from '../../../lib/current-location';

export function useCurrentLocationId(): string | null {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  return location?.id ?? null;
}
