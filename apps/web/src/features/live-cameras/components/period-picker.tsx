import { Group, SegmentedControl, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export type PeriodMode = 'date' | 'range' | 'week';
export interface Period {
  mode: PeriodMode;
  date: string;
  from: string;
  to: string;
}

export const today = () => dayjs().format('YYYY-MM-DD');
/** Day '' = today at the location (the server picks the location's local date). */
export const initialPeriod = (): Period => ({
  mode: 'date',
  date: '',
  from: dayjs().subtract(6, 'day').format('YYYY-MM-DD'),
  to: today(),
});

/** The report arguments of a period (spec: date, range or week). */
export function periodVars(p: Period): { date?: string; from?: string; to?: string; week?: string } {
  if (p.mode === 'range') return { from: p.from, to: p.to };
  if (p.mode === 'week') return { week: p.date || today() };
  return p.date ? { date: p.date } : {};
}

/** Day, from–to range, or the week of a day (`shownDate`: the day the server chose for an empty day). */
export function PeriodPicker({ value, onChange, shownDate }: { value: Period; onChange(next: Period): void; shownDate?: string }) {
  const { t } = useTranslation('cameras');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('cameras:period.label')}
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as PeriodMode })}
        data={[
          { value: 'date', label: t('cameras:period.date') },
          { value: 'range', label: t('cameras:period.range') },
          { value: 'week', label: t('cameras:period.week') },
        ]}
        data-testid="period-mode"
      />
      {value.mode === 'range' ? (
        <>
          <TextInput
            type="date"
            label={t('cameras:period.from')}
            value={value.from}
            max={value.to}
            onChange={(e) => e.currentTarget.value && onChange({ ...value, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('cameras:period.to')}
            value={value.to}
            min={value.from}
            onChange={(e) => e.currentTarget.value && onChange({ ...value, to: e.currentTarget.value })}
          />
        </>
      ) : (
        <TextInput
          type="date"
          label={value.mode === 'week' ? t('cameras:period.weekOf') : t('cameras:period.day')}
          value={value.date || shownDate || ''}
          onChange={(e) => e.currentTarget.value && onChange({ ...value, date: e.currentTarget.value })}
          data-testid="period-date"
        />
      )}
    </Group>
  );
}
