import { useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { LocationInfoQuery, type LocationInfoData } from '../api/location-info.query';

/** The location picked in the top bar, with its time zone and rooms. */
export function useCurrentLocation(): { id: string | null; name: string; info: LocationInfoData | null; timeZone: string | null } {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data }] = useQuery({ query: LocationInfoQuery, variables: { id: location?.id ?? '' }, pause: !location });
  const info = data?.location && data.location.id === location?.id ? data.location : null;
  return { id: location?.id ?? null, name: location?.name ?? '', info, timeZone: info?.timezone.id ?? null };
}
