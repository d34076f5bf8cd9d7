import { useSyncExternalStore } from 'react';
import { currentLocation } from '../../../lib/current-location';

/** The staff member's current location (the top bar's picker), or null for all of their locations. */
export function useLocationId(): string | null {
  return useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get)?.id ?? null;
}
