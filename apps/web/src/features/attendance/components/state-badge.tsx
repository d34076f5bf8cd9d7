import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckInChildData } from '../api/fragments';

const COLOURS: Record<CheckInChildData['checked_in_out'], string> = {
  checked_in: 'success',
  checked_out: 'gray',
  absent: 'warning',
  not_arrived: 'primary',
};

/** A child's state today (spec Student.checked_in_out). */
export function StateBadge({ state }: { state: CheckInChildData['checked_in_out'] }) {
  const { t } = useTranslation('attendance');
  return (
    <Badge color={COLOURS[state]} variant="light" data-testid={`state-${state}`}>
      {t(`states.${state}`)}
    </Badge>
  );
}
