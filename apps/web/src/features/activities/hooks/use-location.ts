import { useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { LocationQuery } from '../api/activities.query';

/** The location picked in the top bar, with its time zone (entries are in it) and rooms. */
export function useActivitiesLocation() {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data }] = useQuery({ query: LocationQuery, variables: { id: location?.id ?? '' }, pause: !location });
  const info = data?.location && data.location.id === location?.id ? data.location : null;
  return {
    id: location?.id ?? null,
    name: location?.name ?? '',
    timeZone: info?.timezone.id ?? null,
    rooms: info?.rooms ?? [],
  };
}
