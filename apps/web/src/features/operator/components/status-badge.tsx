import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  active: 'success',
  done: 'success',
  passed: 'success',
  queued: 'gray',
  pruned: 'gray',
  ok: 'success',
  provisioning: 'primary',
  running: 'primary',
  pending: 'gray',
  verified: 'primary',
  issuing: 'primary',
  skipped: 'gray',
  suspended: 'warning',
  disabled: 'gray',
  failed: 'danger',
  deleted: 'gray',
};

/** A server status word, translated and coloured. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('operator');
  if (!status) return null;
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="light" data-status={status}>
      {t(`operator:status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
