import { AppError } from '@kv/server';

export const newsletterNotFound = () => new AppError('NEWSLETTER_NOT_FOUND', 'Newsletter not found.', { field: 'id' });
