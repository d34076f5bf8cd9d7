import { AppError } from '@kv/server';

export const CustomerWebsiteError = {
  NotFound: 'CUSTOMER_WEBSITE_NOT_FOUND',
  AlreadyOffline: 'CUSTOMER_WEBSITE_ALREADY_OFFLINE',
  AlreadyOnline: 'CUSTOMER_WEBSITE_ALREADY_ONLINE',
} as const;

export const websiteNotFound = () => new AppError(CustomerWebsiteError.NotFound, 'Website not found.', { field: 'id' });
export const alreadyOffline = () => new AppError(CustomerWebsiteError.AlreadyOffline, 'This website is already offline.', { field: 'id' });
export const alreadyOnline = () => new AppError(CustomerWebsiteError.AlreadyOnline, 'This website is already online.', { field: 'id' });
