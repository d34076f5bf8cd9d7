import { AppError } from '@kv/server';

export const newsletterNotFound = () => new AppError('NEWSLETTER_NOT_FOUND', 'Newsletter not found.', { field: 'id' });
export const imagesUnavailable = () => new AppError('IMAGES_UNAVAILABLE', 'Image uploads are not available on this server.', { field: 'file' });
