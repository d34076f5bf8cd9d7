/**
 * How many grid tiles may play at once: each live tile fetches a stream, so a phone on mobile
 * data plays the tiles in view, at most MAX_LIVE_TILES of them; a tile waiting for a slot gets
 * the next one freed.
 */
export const MAX_LIVE_TILES = 4;

export function createTileSlots(max: number) {
  const holders = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    /** Takes a slot for the tile (true), or false when all are taken. */
    acquire(id: string): boolean {
      if (holders.has(id)) return true;
      if (holders.size >= max) return false;
      holders.add(id);
      return true;
    },
    release(id: string): void {
      if (!holders.delete(id)) return;
      for (const l of [...listeners]) l();
    },
    /** Called whenever a slot is freed. */
    onFree(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    held: () => holders.size,
  };
}

export const tileSlots = createTileSlots(MAX_LIVE_TILES);
