import { iso, isoTime } from '../../../core/result.ts';
import type { NotificationRow } from '../repo.ts';

/** A notification as the API shows it. */
export const shown = (r: NotificationRow) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  student_id: r.student_id,
  held: r.held && r.digested_at === null,
  seen: r.seen_at !== null,
  seen_at: iso(r.seen_at),
  created_at: isoTime(r.created_at),
  user_id: r.user_id,
});
export type ShownNotification = ReturnType<typeof shown>;
