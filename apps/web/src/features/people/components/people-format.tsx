import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';

/** A `YYYY-MM-DD` date as `MM/DD/YYYY` in a `<time>`; nothing when empty. */
export function DateText({ value }: { value: string | null | undefined }) {
  const text = formatDay(value);
  return text ? <time dateTime={value ?? undefined}>{text}</time> : null;
}

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('people');
  return (
    <Badge color={active ? 'success' : 'gray'} variant="light">
      {active ? t('people:status.active') : t('people:status.inactive')}
    </Badge>
  );
}
