export * from './inject-fetch.ts';
export * from './audit.ts';
export * from './fuzz.ts';
export * from './fuzz-requests.ts';
export * from './fuzz-values.ts';
