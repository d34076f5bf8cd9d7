import { useQuery } from 'urql';
import { LocationCountersQuery, type LocationCountersData } from '../api/location-counters.query';
import { useCurrentLocationId } from './current-location-id';

const CONTEXT = { additionalTypenames: ['Student', 'User', 'Program', 'Location'] };

/** The current location's counters (null until a location is chosen or while loading or refused). */
export function useLocationCounters(): LocationCountersData | null {
  const locationId = useCurrentLocationId();
  const [{ data }] = useQuery({
    query: LocationCountersQuery,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
    requestPolicy: 'cache-and-network',
    context: CONTEXT,
  });
  return locationId ? (data?.getLocationCounters ?? null) : null;
}
