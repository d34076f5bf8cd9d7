import { fileTypeFromBuffer } from 'file-type';

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/heif': 'image/heic',
};

export const normaliseType = (type: string) => {
  const t = type.trim().toLowerCase().split(';')[0]!.trim();
  return ALIASES[t] ?? t;
};

/** The type the file's magic bytes name (file-type), or null when they name none it knows. */
export async function sniffType(bytes: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? normaliseType(found.mime) : null;
}
