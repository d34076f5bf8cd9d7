import { badInput, notFound } from '@kv/server';

/** The closed set of this area's error codes: the common NOT_FOUND and BAD_USER_INPUT. */
export const ScheduleError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

export const scheduleNotFound = () => notFound('Schedule not found.');
export const scheduleNameTaken = (field = 'name') => badInput(field, 'This location already has a schedule with this name.');
