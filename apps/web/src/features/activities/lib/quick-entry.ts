/** Quick entry's pure parts: who an entry is for, and the location's "now". */

export interface RoomChild {
  id: string;
  full_name: string;
}

/**
 * The children an entry is for: every child checked in to the room now, less those the teacher
 * tapped off. Kept as "dropped" rather than "chosen", so a child checked in while the form is open
 * joins the entry, and the order is the room list's.
 */
export function selectedChildren(checkedIn: readonly RoomChild[], dropped: ReadonlySet<string>): string[] {
  return checkedIn.filter((c) => !dropped.has(c.id)).map((c) => c.id);
}

/** Tapping a child: drops a selected one, takes a dropped one back. */
export function toggleDropped(dropped: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(dropped);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The location's wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant. */
export function localNow(timeZone: string | null | undefined, now: Date = new Date()): { date: string; time: string } {
  let parts: Record<string, string> | null = null;
  try {
    parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: timeZone ?? undefined,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(now)
        .map((p) => [p.type, p.value]),
    );
  } catch {
    parts = null;
  }
  if (!parts) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    };
  }
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
