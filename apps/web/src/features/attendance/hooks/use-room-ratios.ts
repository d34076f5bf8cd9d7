import { useEffect, useState } from 'react';
import { useQuery, useSubscription } from 'urql';
import { RoomRatioChangedSubscription } from '../api/live.subscription';
import { RoomRatioQuery, type RoomRatioData } from '../api/room-ratio';
import { useAttendanceChanged } from './use-live';

/** How often the rooms are re-read even when no push arrived. */
const RECONCILE_MS = 20_000;

/**
 * Every room of the location with its live child:staff ratio: loaded once, then kept current by
 * roomRatioChanged (rooms pushed by the server, starting with their current state) and
 * attendanceChanged (a refetch after any check-in or clock-in made anywhere), and re-read every 20 s.
 */
export function useRoomRatios(locationId: string | null): { rooms: RoomRatioData[]; fetching: boolean; refresh(): void } {
  const [{ data, fetching }, refetch] = useQuery({
    query: RoomRatioQuery,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
  });
  const [live] = useSubscription({
    query: RoomRatioChangedSubscription,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
  });
  const [rooms, setRooms] = useState<RoomRatioData[]>([]);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  useAttendanceChanged(locationId, refresh, 400);
  // Reconciliation behind the pushes: a dropped WebSocket or a missed event must not leave a
  // ratio warning stale for long.
  useEffect(() => {
    if (!locationId) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), RECONCILE_MS);
    return () => clearInterval(timer);
  }, [locationId, refetch]);

  useEffect(() => {
    if (data) setRooms(data.getRoomRatio);
  }, [data]);
  useEffect(() => {
    const changed = live.data?.roomRatioChanged;
    if (!changed || changed.location_id !== locationId) return;
    setRooms((current) => {
      const byId = new Map(changed.rooms.map((r) => [r.program_id, r]));
      return current.map((r) => byId.get(r.program_id) ?? r);
    });
  }, [live.data, locationId]);

  return { rooms: locationId ? rooms : [], fetching, refresh };
}
