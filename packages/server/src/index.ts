export * from './errors.ts';
export * from './graphql-hardening.ts';
export * from './http-hardening.ts';
export * from './spa.ts';
export * from './validation.ts';
export * from './rate-limit.ts';
export * from './notice.ts';
