import dayjs from 'dayjs';
import { useSyncExternalStore } from 'react';
import { formatMoney, parseMoney } from '@kv/shared';
import { currentLocation } from '../../../lib/current-location';
import { DATE_FORMAT } from '../../../lib/format';
import { fieldErrors, type GraphqlFailure } from '../../../lib/graphql-errors';
import { showMessage } from '../../../lib/notices';

/** Cents from the API, shown as dollars. */
export const money = (cents: number | null | undefined) => formatMoney((cents ?? 0) / 100);

/** A `YYYY-MM-DD` date, or an instant on this device's calendar, as `MM/DD/YYYY` (an instant shifts to local time, unlike lib/format's `formatDay`). */
export function day(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value.length === 10 ? `${value}T00:00` : value);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}

export const today = () => dayjs().format('YYYY-MM-DD');
/** Reports open on the previous month's first day to today. */
export const defaultFrom = () => dayjs().subtract(1, 'month').startOf('month').format('YYYY-MM-DD');

/** The location picked in the top bar (the billing screens are per location). */
export function useBillingLocation(): string | null {
  return useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get)?.id ?? null;
}

/** Typed dollars → cents, or the field's message (3 decimals, negatives and junk refused). */
export function moneyField(text: string): { cents: number; error: null } | { cents: null; error: string } {
  const parsed = parseMoney(text);
  return parsed.ok ? { cents: parsed.cents, error: null } : { cents: null, error: parsed.message };
}

/**
 * Outcome of a billing write: field errors (`BAD_USER_INPUT` naming a field, or a typed billing
 * error with `field`) for the form's own fields, everything else as a notice. Returns the field map
 * (empty when it went through) and whether it succeeded.
 */
export function writeOutcome(
  result: { error?: GraphqlFailure; data?: unknown },
  fields: readonly string[],
  okMessage?: string,
): { ok: boolean; errors: Record<string, string> } {
  if (!result.error) {
    const payload = result.data
      ? (Object.values(result.data as Record<string, unknown>)[0] as { message?: string } | undefined)
      : undefined;
    showMessage(okMessage ?? payload?.message ?? 'Saved.', true);
    return { ok: true, errors: {} };
  }
  const typed: Record<string, string> = { ...fieldErrors(result.error) };
  for (const e of result.error.graphQLErrors) {
    const field = e.extensions?.field;
    if (typeof field === 'string' && !(field in typed)) typed[field] = e.message;
  }
  const errors: Record<string, string> = {};
  const placed = new Set<string>();
  for (const [field, message] of Object.entries(typed)) {
    const own = fields.find((f) => f === field || field.startsWith(`${f}.`) || field.startsWith(`${f}[`));
    if (own && !(own in errors)) {
      errors[own] = message;
      placed.add(field);
    }
  }
  const rest = result.error.graphQLErrors.filter((e) => !(typeof e.extensions?.field === 'string' && placed.has(e.extensions.field)));
  if (rest.length > 0) showMessage(rest.map((e) => e.message).join(' '), false);
  else if (result.error.networkError && !Object.keys(errors).length) showMessage(result.error.networkError.message, false);
  return { ok: false, errors };
}

/** Saves CSV text as a file. */
export function downloadCsv(file: { filename: string; content_type: string; content: string }) {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Cents as the text of a money input ("12.50"). */
export { centsToInput as centsToInputText } from '@kv/shared';
