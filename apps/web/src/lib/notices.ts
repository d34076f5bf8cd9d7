import { NOTICE_DURATION_MS } from '@kv/shared';

// The notifications store comes with the <Notifications> the app loads after its first paint
// (app-root), in the same chunk: pages do not carry it, and notices keep the order they were raised in.
const notifications = () => import('@mantine/notifications').then((m) => m.notifications);

/** The spec's notice triple carried by mutation results. */
export interface NoticeTriple {
  status: boolean;
  message: string;
  color: string;
}

const MANTINE_COLOURS: Record<string, string> = {
  success: 'success',
  danger: 'danger',
  error: 'danger',
  warning: 'warning',
  info: 'primary',
  primary: 'primary',
};

let closeLabel = '';

/** The translated label of a notice's close button (set by the app when the language changes). */
export function setNoticeCloseLabel(label: string): void {
  closeLabel = label;
}

export function noticeColour(notice: Pick<NoticeTriple, 'status' | 'color'>): string {
  return MANTINE_COLOURS[notice.color] ?? (notice.status ? 'success' : 'danger');
}

/** Shows a server notice for 8000 ms (spec §9). */
export function showNotice(notice: NoticeTriple, title?: string): void {
  if (!notice.message) return;
  const shown = {
    title,
    message: notice.message,
    color: noticeColour(notice),
    autoClose: NOTICE_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': closeLabel },
  };
  void notifications().then((store) => store.show(shown));
}

/** A client-side notice (already translated text). */
export function showMessage(message: string, ok: boolean, title?: string): void {
  showNotice({ status: ok, message, color: ok ? 'success' : 'danger' }, title);
}
