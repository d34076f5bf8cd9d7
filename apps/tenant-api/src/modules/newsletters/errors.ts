import { AppError, badInput } from '@kv/server';

/** The closed set of the newsletters area's error codes (plus the common ones). */
export const NewsletterError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  PlatformUnavailable: 'PLATFORM_UNAVAILABLE',
} as const;

export const newsletterNotFound = (field = 'id') => new AppError(NewsletterError.NotFound, 'Newsletter not found.', { field });
export const sendNotFound = (field = 'send_id') => new AppError(NewsletterError.NotFound, 'Newsletter send not found.', { field });
export const notInScope = (field: string, what: string) => new AppError(NewsletterError.NotFound, `${what} not found.`, { field });
export const emptyTemplate = () => badInput('template', 'The newsletter has no content yet.');
export const noAudience = () => badInput('audience', 'Choose at least one location, room or tag.');
export const badLink = () => badInput('token', 'This unsubscribe link is not valid.');
export const templateUnavailable = () =>
  new AppError(NewsletterError.PlatformUnavailable, 'The platform templates cannot be read right now. Try again shortly.');
