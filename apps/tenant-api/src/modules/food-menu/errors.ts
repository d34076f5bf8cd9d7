import { badInput, forbidden, notFound } from '@kv/server';

export const itemNotFound = () => notFound('Food menu item not found.');
export const weekNotFound = () => notFound('Food menu week not found.');
export const slotNotFound = (field = 'slot') => badInput(field, 'Choose a meal slot of this location.');
export const roomNotFound = () => notFound('Room not found.');
export const itemNameTaken = () => badInput('name', 'An item with this name already exists at this location.');
export const slotNameTaken = () => badInput('name', 'A meal slot with this name already exists at this location.');
export const unknownAllergy = () => badInput('allergens', 'Choose allergens from the centre’s allergy list.');
export const itemOfOtherLocation = (field: string) => badInput(field, 'Choose items of this week’s location.');
export const sameLocation = () => badInput('to_location', 'Choose another location to copy to.');
export const notInRoom = (name: string) => badInput('students', `${name} is not in this room today.`);
export const futureCount = () => badInput('date', 'A meal count cannot be for a future day.');
export const childCareOnly = () => forbidden('CACFP meal counts are for child care centres.');
export const mondayOnly = () => badInput('date', 'A menu week starts on a Monday.');
