import { Alert } from '@mantine/core';
import type { NoticeTriple } from '../../lib/notices';
import { noticeColour } from '../../lib/notices';

/** A server notice kept on the page (the toast disappears after 8 s; this stays for screen readers). */
export function NoticeAlert({ notice }: { notice: NoticeTriple | null }) {
  if (!notice?.message) return null;
  return (
    <Alert color={noticeColour(notice)} variant="light" role={notice.status ? 'status' : 'alert'} data-testid="notice-alert">
      {notice.message}
    </Alert>
  );
}
