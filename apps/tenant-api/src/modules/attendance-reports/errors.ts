import { badInput, notFound } from '@kv/server';

export const badRange = (field: string, message: string) => badInput(field, message);
export const reportRoomNotFound = () => notFound('Room not found.');
export const tooManyRows = (max: number) => badInput('to', `This export has more than ${max} rows. Choose a shorter period or a room.`);
