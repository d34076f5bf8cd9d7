import { describe, expect, it } from 'vitest';
import { imagesSettingSchema, photoSchema } from './photo-form.schema';

describe('photo forms', () => {
  it('takes a caption up to 500 characters and the tags', () => {
    expect(photoSchema.safeParse({ caption: ' Painting ', students: ['1', '2'], staff: [] }).data).toEqual({
      caption: 'Painting',
      students: ['1', '2'],
      staff: [],
    });
    const long = photoSchema.safeParse({ caption: 'x'.repeat(501), students: [], staff: [] });
    expect(long.error?.issues[0]).toMatchObject({ path: ['caption'], message: 'photos:form.errors.captionLong' });
    const many = photoSchema.safeParse({ caption: '', students: Array.from({ length: 101 }, (_, i) => String(i)), staff: [] });
    expect(many.error?.issues[0]?.path).toEqual(['students']);
  });

  it('keeps the image setting within the server’s bounds', () => {
    expect(imagesSettingSchema.safeParse({ long_side: 1920, quality: 82, thumbnail: 400 }).success).toBe(true);
    const bad = imagesSettingSchema.safeParse({ long_side: 100, quality: 101, thumbnail: 2000 });
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['long_side', 'quality', 'thumbnail']);
    expect(imagesSettingSchema.safeParse({ long_side: 1920.5, quality: 82, thumbnail: 400 }).success).toBe(false);
  });
});
