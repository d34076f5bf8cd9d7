import { describe, expect, it } from 'vitest';
import { fileProblem, purposeOf } from './upload-rules';

describe('album upload rules', () => {
  it('sends photos (a phone’s HEIC too) and videos to their purposes, and nothing else', () => {
    expect(purposeOf('image/jpeg')).toBe('album_photo');
    expect(purposeOf('image/webp')).toBe('album_photo');
    expect(purposeOf('image/heic')).toBe('album_photo');
    expect(purposeOf('video/quicktime')).toBe('album_video');
    expect(purposeOf('image/gif')).toBeNull();
    expect(purposeOf('application/pdf')).toBeNull();
  });

  it('refuses a wrong type, an empty file and one over its purpose’s size', () => {
    const file = (type: string, size: number, name = 'a') => ({ type, size, name });
    expect(fileProblem(file('image/png', 1000))).toBeNull();
    expect(fileProblem(file('image/gif', 1000))).toEqual({ key: 'upload.wrongType' });
    expect(fileProblem(file('image/jpeg', 0))).toEqual({ key: 'upload.empty' });
    expect(fileProblem(file('image/jpeg', 16 * 1024 * 1024))).toEqual({ key: 'upload.tooLarge', values: { mb: 15 } });
    expect(fileProblem(file('video/mp4', 16 * 1024 * 1024))).toBeNull();
    expect(fileProblem(file('video/mp4', 501 * 1024 * 1024))).toEqual({ key: 'upload.tooLarge', values: { mb: 500 } });
  });

  it('takes a HEIC photo whose type the browser left empty, by its name', () => {
    expect(fileProblem({ type: '', name: 'IMG_0042.HEIC', size: 2_000_000 })).toBeNull();
    expect(fileProblem({ type: 'image/heif', name: 'x.heif', size: 2_000_000 })).toBeNull();
    expect(fileProblem({ type: '', name: 'notes.txt', size: 10 })).toEqual({ key: 'upload.wrongType' });
  });
});
