import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A YYYY-MM-DD date as MM/DD/YYYY (the date part of spec §9's format); blank when empty. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('MM/DD/YYYY') : '';
}

export function DateText({ value }: { value: string | null | undefined }) {
  const text = formatDate(value);
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
