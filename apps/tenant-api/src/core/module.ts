import { readFileSync } from 'node:fs';

/** One area of the tenant API as the GraphQL plugin mounts it (each module's `index.ts` exports one). */
export interface TenantModule {
  name: string;
  schema: string;
  /** Field resolvers per type; a custom scalar's entry is its GraphQLScalarType. */
  resolvers: Record<string, object>;
  loaders?: Record<string, Record<string, unknown>>;
  /** The area's `extend type Subscription` SDL (its resolvers check access themselves). */
  subscriptions?: string;
}

/** A module's SDL file, read next to its `index.ts` (`sdl(import.meta.url)`). */
export const sdl = (moduleUrl: string, file = 'schema.graphql') => readFileSync(new URL(`./${file}`, moduleUrl), 'utf8');
