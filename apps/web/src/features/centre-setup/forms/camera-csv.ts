import type { CameraUploadRowData } from '../api/cameras.query';

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A CSV of the given checked rows only (what the server read), to import the good rows of a file. */
export function csvOfRows(rows: readonly CameraUploadRowData[]): string {
  const lines = [['name', 'code', 'color_code', 'camera_id', 'status', 'room']];
  for (const r of rows) lines.push([r.name, r.code, r.color_code, r.camera_id ?? '', r.status === false ? 'off' : 'on', r.room ?? '']);
  return lines.map((cells) => cells.map(quote).join(',')).join('\n') + '\n';
}
