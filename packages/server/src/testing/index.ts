export * from './inject-fetch.ts';
export * from './audit.ts';
