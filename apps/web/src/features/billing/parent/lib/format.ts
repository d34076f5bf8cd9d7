import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** `YYYY-MM-DD` as MM/DD/YYYY (spec §9). */
export const day = (d: string | null | undefined) => (d ? dayjs(d).format('MM/DD/YYYY') : '');

export interface ItemSource {
  kind: string;
  period_start?: string | null;
  period_end?: string | null;
  days?: number | null;
  minutes?: number | null;
  date?: string | null;
}

/** Where an invoice line comes from, in words ("why is my bill this amount"). */
export function sourceLine(t: TFunction, s: ItemSource): string {
  switch (s.kind) {
    case 'plan':
      return t('source.plan', { from: day(s.period_start), to: day(s.period_end) });
    case 'attendance':
      return t('source.attendance', { count: s.days ?? 0, from: day(s.period_start), to: day(s.period_end) });
    case 'late_pickup':
      return t('source.late', { count: s.minutes ?? 0, date: day(s.date) });
    case 'variable_charge':
      return s.date ? t('source.variableOn', { date: day(s.date) }) : t('source.variable');
    case 'preset':
      return t('source.preset');
    case 'transfer':
      return t('source.transfer');
    default:
      return t('source.manual');
  }
}
