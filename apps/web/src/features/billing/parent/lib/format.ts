import type { TFunction } from 'i18next';
import { formatDay } from '../../../../lib/format';

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
      return t('source.plan', { from: formatDay(s.period_start), to: formatDay(s.period_end) });
    case 'attendance':
      return t('source.attendance', { count: s.days ?? 0, from: formatDay(s.period_start), to: formatDay(s.period_end) });
    case 'late_pickup':
      return t('source.late', { count: s.minutes ?? 0, date: formatDay(s.date) });
    case 'variable_charge':
      return s.date ? t('source.variableOn', { date: formatDay(s.date) }) : t('source.variable');
    case 'preset':
      return t('source.preset');
    case 'transfer':
      return t('source.transfer');
    default:
      return t('source.manual');
  }
}
