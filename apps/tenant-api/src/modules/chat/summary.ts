import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import type { ChatAccess } from './policy.ts';

/** The viewer's unread messages, in total and per child and room thread (one statement). */
export async function unreadSummary(ctx: RequestContext, access: ChatAccess) {
  const rows = await repo.unreadCounts(ctx.db, access.scope, access.userId);
  const pick = (c: repo.Category) => rows.filter((r) => r.category === c).map((r) => ({ id: r.thread_id, count: r.count }));
  return { total: rows.reduce((n, r) => n + r.count, 0), students: pick('student'), programs: pick('program') };
}
