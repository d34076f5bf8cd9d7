import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields, pageArgs, paginated, parseArgs } from './validation.ts';

/** The field and message of the BAD_USER_INPUT `parseArgs` throws, or the parsed value. */
function parse<T>(schema: z.ZodType<T>, args: unknown): T | { field: unknown; message: string } {
  try {
    return parseArgs(schema, args);
  } catch (e) {
    const err = e as { code?: string; message: string; extensions?: { field?: unknown } };
    expect(err.code).toBe('BAD_USER_INPUT');
    return { field: err.extensions?.field, message: err.message };
  }
}

describe('parseArgs and the shared fields', () => {
  it('names the first failing argument and its message', () => {
    const schema = z.object({ name: fields.text('name', { max: 5 }), days: fields.intBetween('days', 1, 365) });
    expect(parse(schema, { name: '  ', days: 0 })).toEqual({ field: 'name', message: 'name is required.' });
    expect(parse(schema, { name: 'abcdef', days: 3 })).toEqual({ field: 'name', message: 'name must be at most 5 characters.' });
    expect(parse(schema, { name: ' ok ', days: 1.5 })).toEqual({ field: 'days', message: 'days must be a whole number from 1 to 365.' });
    expect(parse(schema, { name: ' ok ', days: null })).toEqual({ field: 'days', message: 'days must be a whole number from 1 to 365.' });
    expect(parse(schema, { name: ' ok ', days: 365 })).toEqual({ name: 'ok', days: 365 });
    expect(parse(fields.text('reason', { min: 10, max: 500 }), 'short')).toEqual({
      field: 'input',
      message: 'reason must be at least 10 characters.',
    });
  });

  it('takes ids in their one decimal spelling only', () => {
    const schema = z.object({ center_id: fields.id('center_id'), id: fields.id() });
    expect(parse(schema, { center_id: 7, id: '123456789012345678' })).toEqual({ center_id: '7', id: '123456789012345678' });
    for (const bad of ['007', '0', '-1', '1e3', '1234567890123456789', '', null, true])
      expect(parse(schema, { center_id: bad, id: '1' })).toEqual({ field: 'center_id', message: 'center_id is not a valid id.' });
    expect(parse(schema, { center_id: '1', id: 'abc' })).toEqual({ field: 'id', message: 'Not a valid id.' });
  });

  it('checks emails, usernames and fixed lists with or without a label', () => {
    expect(parse(fields.email('contact_email').toLowerCase(), ' Kim@Example.COM ')).toBe('kim@example.com');
    expect(parse(fields.email('contact_email'), 'nope')).toMatchObject({ message: 'contact_email must be an email address.' });
    expect(parse(fields.email('contact_email'), '')).toMatchObject({ message: 'contact_email is required.' });
    expect(parse(fields.email(), 'nope')).toMatchObject({ message: 'Enter a valid email address.' });
    expect(parse(fields.username(), 'kim+care@x.org')).toBe('kim+care@x.org');
    expect(parse(fields.username('owner_username'), 'a b')).toMatchObject({
      message: 'owner_username may use letters, digits and . _ @ + - only.',
    });
    expect(parse(fields.username(), 'ab')).toMatchObject({ message: 'Username must be at least 3 characters.' });
    const kind = fields.oneOf('kind', ['childcare', 'petcare']);
    expect(parse(kind, 'petcare')).toBe('petcare');
    for (const bad of ['zoo', '', undefined])
      expect(parse(kind, bad)).toMatchObject({ message: 'kind must be one of: childcare, petcare.' });
  });

  it('optional text keeps an omitted value, clears a blank one', () => {
    const schema = z.object({ note: fields.optionalText(5, 'Note') });
    expect(parse(schema, {})).toEqual({ note: undefined });
    expect(parse(schema, { note: '  ' })).toEqual({ note: null });
    expect(parse(schema, { note: null })).toEqual({ note: null });
    expect(parse(schema, { note: ' hi ' })).toEqual({ note: 'hi' });
    expect(parse(schema, { note: 'toolong' })).toEqual({ field: 'note', message: 'Note must be at most 5 characters.' });
  });

  it('a UUID key that is not a UUID names nothing', () => {
    const id = '6f1c2a4e-9b7d-4c3a-8e21-0d5f6a7b8c9d';
    expect(parse(fields.uuidKey, id)).toBe(id);
    expect(parse(fields.uuidKey, 'nope')).toBeNull();
    expect(parse(fields.uuidKey, 42)).toMatchObject({ field: 'input' });
  });

  it('pages from 1, 25 rows by default, at most 100', () => {
    const schema = z.object(pageArgs);
    expect(parse(schema, {})).toEqual({ page: 1, first: 25 });
    expect(parse(schema, { page: null, first: 100 })).toEqual({ page: 1, first: 100 });
    expect(parse(schema, { page: 0 })).toMatchObject({ field: 'page' });
    expect(parse(schema, { first: 101 })).toMatchObject({ field: 'first' });
    expect(paginated(['a'], 51, 2, 25)).toEqual({ data: ['a'], paginatorInfo: { currentPage: 2, lastPage: 3, perPage: 25, total: 51 } });
    expect(paginated([], 0, 1, 25).paginatorInfo.lastPage).toBe(1);
  });
});
