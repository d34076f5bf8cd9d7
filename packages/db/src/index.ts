export * from './url.ts';
export * from './knex.ts';
export * from './admin.ts';
export * from './migrate.ts';
export * from './pool-cache.ts';
export * from './embedded.ts';
export * from './page.ts';
export * from './prepared.ts';
