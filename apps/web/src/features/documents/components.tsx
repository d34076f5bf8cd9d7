import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  pending: 'blue',
  approved: 'success',
  rejected: 'danger',
  expired: 'warning',
  missing: 'gray',
  unapproved: 'blue',
};

/** A document's state (pending → approved | rejected; expired) or a gap's reason. */
export function DocumentStatus({ status }: { status: string }) {
  const { t } = useTranslation('documents');
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="light" data-testid={`document-status-${status}`}>
      {t(`status.${status}`)}
    </Badge>
  );
}
