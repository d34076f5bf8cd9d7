import { badInput, notFound } from '@kv/server';

export const scheduleNotFound = () => notFound('Schedule not found.');
export const scheduleNameTaken = (field = 'name') => badInput(field, 'This location already has a schedule with this name.');
