import type { TFunction } from 'i18next';
import type { ActivityData } from '../api/fragments';
import { formatClock } from './formats';

/** An entry's kind as a label key (a meal by its slot). */
export function kindLabel(a: Pick<ActivityData, 'kind' | 'type'>, t: TFunction): string {
  if (a.kind === 'meal' && a.type) return t(`activities:values.type.${a.type}`, { defaultValue: t('activities:kinds.meal') });
  return t(`activities:kinds.${a.kind}`, { defaultValue: a.kind });
}

/** What was recorded, in words (the kind's own values, then the note). */
export function entrySummary(a: ActivityData, t: TFunction): string {
  const v = (group: string, value: string | null | undefined) =>
    value ? t(`activities:values.${group}.${value}`, { defaultValue: value }) : null;
  const parts: (string | null)[] = [];
  switch (a.kind) {
    case 'meal':
      parts.push(a.title, a.portion ? t('activities:summary.ate', { portion: v('portion', a.portion) }) : null);
      break;
    case 'bottle':
      parts.push(a.amount !== null ? `${a.amount} ${a.unit ?? ''}`.trim() : null, v('type', a.type));
      break;
    case 'nap':
      parts.push(
        a.end_time ? t('activities:summary.until', { time: formatClock(a.end_time) }) : null,
        v('position', a.position),
        v('nap', a.nap),
      );
      break;
    case 'diaper':
    case 'potty':
      parts.push(v('type', a.type));
      break;
    case 'mood':
      parts.push(v('mood', a.mood));
      break;
    case 'supplies':
      parts.push(a.supplies?.length ? t('activities:summary.bring', { items: a.supplies.join(', ') }) : null);
      break;
    case 'medication':
      parts.push(a.dose ? t('activities:summary.dose', { dose: a.dose, by: a.by ?? '' }) : null);
      break;
    case 'incident':
      parts.push(a.injury, a.body_part, a.first_aid ? t('activities:summary.firstAid', { text: a.first_aid }) : null);
      break;
    case 'custom':
      parts.push(a.custom, a.title, a.amount !== null ? String(a.amount) : null);
      break;
    case 'observation':
      parts.push(a.observation);
      break;
    case 'health_check':
      parts.push(a.temperature !== null ? `${a.temperature} °F` : null);
      break;
    case 'absent':
      parts.push(a.type);
      break;
    default:
      parts.push(a.title, a.end_time ? t('activities:summary.until', { time: formatClock(a.end_time) }) : null);
  }
  if (a.kind !== 'meal' && a.kind !== 'custom' && a.kind !== 'activity' && a.kind !== 'incident' && a.title && !parts.includes(a.title))
    parts.unshift(a.title);
  parts.push(a.note);
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}
