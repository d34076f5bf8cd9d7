/** One person of a pasted "invite many" list: first name, last name, username, email, phone (optional). */
export interface InviteLine {
  line: number;
  fname: string;
  lname: string;
  username: string;
  email: string;
  phone: string;
}

export type ParsedInvites = { rows: InviteLine[]; badLines: number[] };

/**
 * Reads pasted CSV (or tab-separated) lines. A header line starting with "first" is skipped, blank
 * lines are ignored, and lines without the four required values are reported by number.
 */
export function parseInviteLines(text: string): ParsedInvites {
  const rows: InviteLine[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(/[,\t;]/).map((c) => c.trim());
    if (index === 0 && /^first/i.test(cells[0] ?? '')) return;
    const [fname = '', lname = '', username = '', email = '', phone = ''] = cells;
    if (!fname || !lname || !username || !email) badLines.push(line);
    else rows.push({ line, fname, lname, username, email, phone });
  });
  return { rows, badLines };
}

/** The server names a bad row `users.<index>.<field>`: the pasted line and the field. */
export function rowOfField(field: string, rows: readonly InviteLine[]): { line: number; field: string } | null {
  const m = /^users\.(\d+)\.(.+)$/.exec(field);
  if (!m) return null;
  const row = rows[Number(m[1])];
  return row ? { line: row.line, field: m[2]! } : null;
}
