import { useEffect, useState } from 'react';
import { tileSlots } from '../components/tile-slots';

/** A tile out of view keeps its viewing (paused) this long before giving it up. */
export const OUT_OF_VIEW_GRACE_MS = 30_000;

/**
 * Whether a grid tile holds one of the live slots: it asks while it wants to play (in view and
 * allowed), waits for a freed slot when all are taken, and gives its slot up after being out of
 * view for a while (its viewing then stops).
 */
export function useTileSlot(id: string, wants: boolean, inView: boolean): boolean {
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!wants || held) return;
    if (tileSlots.acquire(id)) {
      setHeld(true);
      return;
    }
    return tileSlots.onFree(() => {
      if (tileSlots.acquire(id)) setHeld(true);
    });
  }, [id, wants, held]);

  useEffect(() => {
    if (!held || inView) return;
    const timer = setTimeout(() => {
      tileSlots.release(id);
      setHeld(false);
    }, OUT_OF_VIEW_GRACE_MS);
    return () => clearTimeout(timer);
  }, [id, held, inView]);

  useEffect(() => () => tileSlots.release(id), [id]);
  return held;
}
