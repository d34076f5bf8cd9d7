import { AppError, badInput } from '@kv/server';

/** The closed set of the chat area's error codes (plus the common ones). */
export const ChatError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const threadNotFound = (field: 'student_id' | 'program_id') =>
  new AppError(ChatError.NotFound, field === 'student_id' ? 'Student not found.' : 'Room not found.', { field });
export const messageNotFound = (field = 'id') => new AppError(ChatError.NotFound, 'Message not found.', { field });
export const oneThread = () => badInput('student_id', 'Choose either a child or a room for the conversation.');
export const emptyMessage = () => badInput('msg', 'Write a message or attach a file.');
export const attachmentNotUsable = () =>
  badInput('attachment', 'Attach an image or PDF you uploaded for this conversation’s location, checked and not sent yet.');
export const notAuthor = () => new AppError(ChatError.Forbidden, 'Only the author may edit this message.', { field: 'id' });
