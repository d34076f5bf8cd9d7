import type { RoomRatioData } from '../api/room-ratio';

/**
 * How a room stands, worst first. Managers are warned BEFORE a breach:
 * - `out`: fewer staff than the children present need (a breach);
 * - `warning`: the server forecasts a breach within 30 minutes (expected arrivals), or the room is
 *   at its limit (no spare place: the next child breaks the ratio);
 * - `approaching`: one place left;
 * - `ok`, or `not_set` when the room has no required ratio.
 */
export type RatioLevel = 'out' | 'warning' | 'approaching' | 'ok' | 'not_set';

export function ratioLevel(room: Pick<RoomRatioData, 'status' | 'spare_places' | 'children_present' | 'staff_present'>): RatioLevel {
  if (room.status === 'not_set') return 'not_set';
  if (room.status === 'out_of_ratio') return 'out';
  if (room.status === 'warning') return 'warning';
  if (room.spare_places !== null) {
    const staffed = room.staff_present > 0 || room.children_present > 0;
    if (staffed && room.spare_places <= 0) return 'warning';
    if (staffed && room.spare_places === 1) return 'approaching';
  }
  return 'ok';
}

export const LEVEL_COLOUR: Record<RatioLevel, string> = {
  out: 'danger',
  warning: 'warning',
  approaching: 'yellow',
  ok: 'success',
  not_set: 'gray',
};

const ORDER: RatioLevel[] = ['out', 'warning', 'approaching', 'ok', 'not_set'];
export const worstLevel = (levels: RatioLevel[]): RatioLevel =>
  levels.reduce<RatioLevel>((worst, l) => (ORDER.indexOf(l) < ORDER.indexOf(worst) ? l : worst), 'not_set');
