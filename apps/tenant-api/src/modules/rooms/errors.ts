import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of this area's error codes (plus the common NOT_FOUND and BAD_USER_INPUT). */
export const RoomError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT', HasStudents: 'ROOM_HAS_STUDENTS' } as const;

export const roomNotFound = () => notFound('Room not found.');
export const groupNotFound = () => notFound('Camera group not found.');
export const roomNameTaken = () => badInput('name', 'This location already has a room with this name.');
export const groupNameTaken = () => badInput('name', 'This location already has a camera group with this name.');

export function roomHasStudents(count: number): AppError {
  return new AppError(RoomError.HasStudents, `This room still has ${count} active student${count === 1 ? '' : 's'}. Move them first.`, {
    field: 'id',
  });
}
