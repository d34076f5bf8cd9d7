import { describe, expect, it } from 'vitest';
import { bulkStatusSchema, bulkTagsSchema, moveRoomSchema, siblingSchema, transferSchema } from './bulk-forms.schema';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('bulk form schemas', () => {
  it('takes only the API status strings (spec §4)', () => {
    for (const status of ['active', 'inactive', 'enrolled', 'lead', 'waitlist'])
      expect(bulkStatusSchema.safeParse({ status }).success).toBe(true);
    expect(messages(bulkStatusSchema.safeParse({ status: '' }))).toEqual(['status: people:validation.pickStatus']);
    expect(bulkStatusSchema.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('needs at least one tag', () => {
    expect(messages(bulkTagsSchema.safeParse({ tags: [] }))).toEqual(['tags: people:validation.pickTags']);
    expect(bulkTagsSchema.safeParse({ tags: ['3'] }).success).toBe(true);
  });

  it('a transfer needs the location; the room is optional', () => {
    expect(messages(transferSchema.safeParse({ location_id: '', program_id: '' }))).toEqual([
      'location_id: people:validation.pickOneLocation',
    ]);
    expect(transferSchema.safeParse({ location_id: '2', program_id: '' }).success).toBe(true);
  });

  it('moving a room needs two different rooms', () => {
    expect(messages(moveRoomSchema.safeParse({ location_id: '1', from_program_id: '4', to_program_id: '4' }))).toEqual([
      'to_program_id: people:validation.sameRoom',
    ]);
    expect(moveRoomSchema.safeParse({ location_id: '1', from_program_id: '4', to_program_id: '5' }).success).toBe(true);
    expect(messages(moveRoomSchema.safeParse({ location_id: '1', from_program_id: '', to_program_id: '' }))).toEqual([
      'from_program_id: people:validation.pickRoom',
      'to_program_id: people:validation.pickRoom',
    ]);
  });

  it('a sibling must be picked', () => {
    expect(messages(siblingSchema.safeParse({ sibling_id: '' }))).toEqual(['sibling_id: people:validation.pickSibling']);
  });
});
