import { displayEmail, formatMoney, formatPhone } from '@kv/shared';
import { formatDateTime } from '../lib/format';

/** Display helpers for the spec's formats (§5, §9); every screen shows values through these. */
export function PhoneText({ value }: { value: string | null | undefined }) {
  const text = formatPhone(value);
  return text ? <a href={`tel:${(value ?? '').replace(/[^\d+]/g, '')}`}>{text}</a> : null;
}

export function MoneyText({ value }: { value: number | string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</span>;
}

export function DateTimeText({ value }: { value: string | number | Date | null | undefined }) {
  const text = formatDateTime(value);
  return text ? <time dateTime={new Date(value as string | number | Date).toISOString()}>{text}</time> : null;
}

/** Placeholder system addresses (temp…, sysgen) are shown blank. */
export function EmailText({ value }: { value: string | null | undefined }) {
  const email = displayEmail(value);
  return email ? <a href={`mailto:${email}`}>{email}</a> : null;
}
