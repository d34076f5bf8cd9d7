import { AppError, badInput } from '@kv/server';

/** The closed set of the announcements area's error codes (plus the common ones). */
export const AnnouncementError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const announcementNotFound = (field = 'id') => new AppError(AnnouncementError.NotFound, 'Announcement not found.', { field });
export const actionItemNotFound = () => new AppError(AnnouncementError.NotFound, 'Action item not found.', { field: 'id' });
export const locationsNotFound = (field = 'locations') => new AppError(AnnouncementError.NotFound, 'Location not found.', { field });
export const pastExpiry = () => badInput('expiry_date', 'The expiry date cannot be in the past.');
export const pastDue = () => badInput('due_date', 'The due date cannot be in the past.');
export const dueNeeded = () => badInput('due_date', 'An announcement that needs action needs a due date.');
export const programsOutsideLocations = () => badInput('programs', 'Choose rooms of the chosen locations.');
export const noRecipients = (field: string) => badInput(field, 'Choose at least one person, child, room or tag.');
export const notInScope = (field: string, what: string) => new AppError(AnnouncementError.NotFound, `${what} not found.`, { field });
