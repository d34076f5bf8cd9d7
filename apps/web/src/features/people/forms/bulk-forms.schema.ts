import { z } from '../../../lib/zod';
import { BULK_STATUSES, type BulkStatus } from '../api/students.mutation';

export const isBulkStatus = (value: string): value is BulkStatus => (BULK_STATUSES as readonly string[]).includes(value);

/** Spec §4: the bulk status string. */
export const bulkStatusSchema = z.object({
  status: z.string().refine((v) => (BULK_STATUSES as readonly string[]).includes(v), 'people:validation.pickStatus'),
});
export type BulkStatusValues = z.infer<typeof bulkStatusSchema>;

/** Tags added to or removed from the selected students (ids of the centre's tags). */
export const bulkTagsSchema = z.object({
  tags: z.array(z.string()).min(1, 'people:validation.pickTags'),
});
export type BulkTagsValues = z.infer<typeof bulkTagsSchema>;

/** Spec §5: a transfer needs the location; the room (program) of that location is optional. */
export const transferSchema = z.object({
  location_id: z.string().min(1, 'people:validation.pickOneLocation'),
  program_id: z.string(),
});
export type TransferValues = z.infer<typeof transferSchema>;

/** Every student of one room to another room of the same location. */
export const moveRoomSchema = z
  .object({
    location_id: z.string().min(1, 'people:validation.pickOneLocation'),
    from_program_id: z.string().min(1, 'people:validation.pickRoom'),
    to_program_id: z.string().min(1, 'people:validation.pickRoom'),
  })
  .refine((v) => v.from_program_id === '' || v.from_program_id !== v.to_program_id, {
    path: ['to_program_id'],
    message: 'people:validation.sameRoom',
  });
export type MoveRoomValues = z.infer<typeof moveRoomSchema>;

export const siblingSchema = z.object({
  sibling_id: z.string().min(1, 'people:validation.pickSibling'),
});
export type SiblingValues = z.infer<typeof siblingSchema>;
