import { useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { AttendanceChangedSubscription, type AttendanceEventData } from '../api/live.subscription';

/**
 * Calls `onChange` when a child or a staff member is checked in or out at the location from
 * anywhere (the attendanceChanged subscription over WebSocket); a burst of events refreshes once.
 */
export function useAttendanceChanged(locationId: string | null, onChange: (event: AttendanceEventData) => void, waitMs = 250): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [{ data }] = useSubscription({
    query: AttendanceChangedSubscription,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
  });
  useEffect(() => {
    const event = data?.attendanceChanged;
    if (!event) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(event), waitMs);
  }, [data, waitMs]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
