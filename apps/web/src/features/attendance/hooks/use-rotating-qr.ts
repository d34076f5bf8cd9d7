import { useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import { CheckInQrCodeQuery } from '../api/check-in-qr';

/** A code asked again this soon after its window closed (the server still accepts it for 30 s). */
const AFTER_TURN_MS = 500;
/** When the device's clock is ahead of the server's, the same code comes back: ask again shortly. */
const RETRY_MS = 2000;

/**
 * The location's current check-in QR code, asked again as its window turns, so a screen left on at
 * the door always shows a code that works.
 */
export function useRotatingQr(locationId: string | null) {
  const [result, refetch] = useQuery({
    query: CheckInQrCodeQuery,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
    requestPolicy: 'network-only',
  });
  const qr = result.data?.getCheckInQrCode ?? null;
  const lastCode = useRef<string | null>(null);
  useEffect(() => {
    if (!qr?.expires_at) return;
    const repeated = lastCode.current === qr.code;
    lastCode.current = qr.code;
    const untilTurn = new Date(qr.expires_at).getTime() - Date.now() + AFTER_TURN_MS;
    const wait = repeated || untilTurn <= 0 ? RETRY_MS : untilTurn;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), wait);
    return () => clearTimeout(timer);
  }, [qr, refetch]);
  return { qr, error: result.error, fetching: result.fetching, refresh: () => refetch({ requestPolicy: 'network-only' }) };
}
