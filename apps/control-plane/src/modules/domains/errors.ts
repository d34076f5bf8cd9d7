import { AppError } from '@kv/server';

export const DomainError = {
  NotFound: 'DOMAIN_NOT_FOUND',
  Taken: 'DOMAIN_TAKEN',
  Reserved: 'DOMAIN_RESERVED',
  Protected: 'DOMAIN_PROTECTED',
  NotRecheckable: 'DOMAIN_NOT_RECHECKABLE',
} as const;

export const domainNotFound = () => new AppError(DomainError.NotFound, 'Domain not found.');
export const domainTaken = () => new AppError(DomainError.Taken, 'This domain is already in use.', { field: 'domain' });
export const domainReserved = () =>
  new AppError(DomainError.Reserved, 'Subdomains of the platform follow the centre address; add your own domain instead.', {
    field: 'domain',
  });
export const domainProtected = () =>
  new AppError(DomainError.Protected, "A centre's own subdomain cannot be removed; change its address instead.");
export const domainNotRecheckable = (status: string) =>
  new AppError(DomainError.NotRecheckable, `A ${status} domain has nothing to check.`, { field: 'id' });
