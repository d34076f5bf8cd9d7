import { notFound } from '@kv/server';

/** The notifications area's errors (plus the common ones: BAD_USER_INPUT naming the field). */
export const notificationNotFound = () => notFound('Notification not found.');
