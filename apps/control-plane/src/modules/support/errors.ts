import { AppError } from '@kv/server';

export const SupportError = {
  UserNotFound: 'USER_NOT_FOUND',
  CentreNotActive: 'CENTER_NOT_ACTIVE',
  SessionNotFound: 'SUPPORT_SESSION_NOT_FOUND',
  ParkedEventNotFound: 'PARKED_EVENT_NOT_FOUND',
} as const;

export const userNotFound = () =>
  new AppError(SupportError.UserNotFound, 'No active user with this id in the centre.', { field: 'user_id' });
export const centreNotActive = () =>
  new AppError(SupportError.CentreNotActive, 'Support sessions are only possible on an active centre.', { field: 'center_id' });
export const supportSessionNotFound = () => new AppError(SupportError.SessionNotFound, 'Support session not found.');
export const parkedEventNotFound = () =>
  new AppError(SupportError.ParkedEventNotFound, 'No parked delivery of this event to this handler.', { field: 'event_id' });
