import type { RequestContext } from '../../types.ts';
import { latestReady } from './repo.ts';

type Query<T> = { obj: T; params: unknown }[];
type StudentObj = { id: string; __scoped?: boolean };

/**
 * Student.photo: the newest accepted photo of each child the viewer reached through the students
 * area's scope (`__scoped`), in one query; those rows passed the owner's check already.
 */
async function studentPhoto(queries: Query<StudentObj>, ctx: RequestContext) {
  const ids = [...new Set(queries.filter((q) => q.obj.__scoped).map((q) => String(q.obj.id)))];
  const photos = await latestReady(ctx.db, 'student_photo', ids);
  return queries.map((q) => {
    const file = q.obj.__scoped ? photos.get(String(q.obj.id)) : undefined;
    return file ? { ...file, __readable: true } : null;
  });
}

export const fileLoaders = {
  Student: { photo: studentPhoto },
};
