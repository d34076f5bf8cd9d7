import { badInput } from '@kv/server';

/** Input checks that name the offending field in the error (`extensions.field`). */
export function text(field: string, value: string | null | undefined, { max, min = 1 }: { max: number; min?: number }): string {
  const v = (value ?? '').trim();
  if (v.length < min) throw badInput(field, min > 1 ? `${field} must be at least ${min} characters.` : `${field} is required.`);
  if (v.length > max) throw badInput(field, `${field} must be at most ${max} characters.`);
  return v;
}

export function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return text(field, value, { max });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(field: string, value: string | null | undefined): string {
  const v = text(field, value, { max: 254 }).toLowerCase();
  if (!EMAIL.test(v)) throw badInput(field, `${field} must be an email address.`);
  return v;
}

export function oneOf<T extends string>(field: string, value: string | null | undefined, allowed: readonly T[]): T {
  if (!value || !(allowed as readonly string[]).includes(value)) throw badInput(field, `${field} must be one of: ${allowed.join(', ')}.`);
  return value as T;
}

export function intBetween(field: string, value: number | null | undefined, min: number, max: number): number {
  if (value === null || value === undefined || !Number.isInteger(value) || value < min || value > max) {
    throw badInput(field, `${field} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** Database ids are bigints sent as GraphQL IDs; anything else is not found rather than a SQL error. */
export function id(field: string, value: string | number | null | undefined): string {
  const v = String(value ?? '');
  if (!/^[1-9]\d{0,17}$/.test(v)) throw badInput(field, `${field} is not a valid id.`);
  return v;
}

export const USERNAME = /^[A-Za-z0-9._@-]{3,100}$/;

export function username(field: string, value: string | null | undefined): string {
  const v = text(field, value, { max: 100 });
  if (!USERNAME.test(v)) throw badInput(field, `${field} must be 3–100 letters, digits, dots, dashes, underscores or @.`);
  return v;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
