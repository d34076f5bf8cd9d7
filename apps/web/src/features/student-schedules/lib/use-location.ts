import { useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { LocationQuery } from '../api/schedules.graphql';

/** The location picked in the top bar, its zone and rooms. */
export function useScheduleLocation() {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data }] = useQuery({ query: LocationQuery, variables: { id: location?.id ?? '' }, pause: !location });
  const info = data?.location && data.location.id === location?.id ? data.location : null;
  return { id: location?.id ?? null, timeZone: info?.timezone.id ?? null, rooms: info?.rooms ?? [] };
}
