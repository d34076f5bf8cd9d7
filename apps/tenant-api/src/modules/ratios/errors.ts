import { notFound } from '@kv/server';

export const ratioRoomNotFound = () => notFound('Room not found.');
