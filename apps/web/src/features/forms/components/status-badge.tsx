import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  submitted: 'blue',
  resubmitted: 'cyan',
  approved: 'green',
  rejected: 'red',
  change_requested: 'orange',
  open: 'gray',
};

/** A submission's state: submitted → approved | rejected | change requested → resubmitted. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('forms');
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="light" data-testid={`status-${status}`}>
      {t(`status.${status}`)}
    </Badge>
  );
}
