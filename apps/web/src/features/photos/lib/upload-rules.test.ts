import { describe, expect, it } from 'vitest';
import { fileProblem, purposeOf } from './upload-rules';

describe('album upload rules', () => {
  it('sends photos and videos to their purposes, and nothing else', () => {
    expect(purposeOf('image/jpeg')).toBe('album_photo');
    expect(purposeOf('image/webp')).toBe('album_photo');
    expect(purposeOf('video/quicktime')).toBe('album_video');
    expect(purposeOf('image/heic')).toBeNull();
    expect(purposeOf('application/pdf')).toBeNull();
  });

  it('refuses a wrong type, an empty file and one over its purpose’s size', () => {
    expect(fileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(fileProblem({ type: 'image/gif', size: 1000 })).toEqual({ key: 'upload.wrongType' });
    expect(fileProblem({ type: 'image/jpeg', size: 0 })).toEqual({ key: 'upload.empty' });
    expect(fileProblem({ type: 'image/jpeg', size: 16 * 1024 * 1024 })).toEqual({ key: 'upload.tooLarge', values: { mb: 15 } });
    expect(fileProblem({ type: 'video/mp4', size: 16 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ type: 'video/mp4', size: 501 * 1024 * 1024 })).toEqual({ key: 'upload.tooLarge', values: { mb: 500 } });
  });
});
