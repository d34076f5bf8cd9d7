import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DateTime } from '../graphql/scalars.ts';
import type { Resolvers } from '../generated/resolvers.ts';
import { operatorResolvers } from './operators/resolvers.ts';
import { centreResolvers } from './centres/resolvers.ts';
import { domainResolvers } from './domains/resolvers.ts';
import { serverResolvers } from './servers/resolvers.ts';
import { provisioningResolvers } from './provisioning/resolvers.ts';
import { migrationLoaders, migrationResolvers } from './migrations/resolvers.ts';
import { supportResolvers } from './support/resolvers.ts';
import { newsletterResolvers } from './newsletters/resolvers.ts';
import { immunizationResolvers } from './immunizations/resolvers.ts';
import { backupResolvers } from './backups/resolvers.ts';
import { statisticsResolvers } from './statistics/resolvers.ts';
import { demoRequestResolvers } from './demo-requests/resolvers.ts';
import { centerBillingResolvers } from './center-billing/resolvers.ts';
import { signupResolvers } from './signup/resolvers.ts';
import { customerWebsiteResolvers } from './customer-websites/resolvers.ts';
import { utilityResolvers } from './utilities/resolvers.ts';
import { apiGroupResolvers } from './api-groups/resolvers.ts';

const sdl = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** The explicit module registry: schema files, resolvers and loaders of every area. */
const modules: { schema: string; resolvers: Resolvers }[] = [
  { schema: sdl('./operators/schema.graphql'), resolvers: operatorResolvers },
  { schema: sdl('./centres/schema.graphql'), resolvers: centreResolvers },
  { schema: sdl('./domains/schema.graphql'), resolvers: domainResolvers },
  { schema: sdl('./servers/schema.graphql'), resolvers: serverResolvers },
  { schema: sdl('./provisioning/schema.graphql'), resolvers: provisioningResolvers },
  { schema: sdl('./migrations/schema.graphql'), resolvers: migrationResolvers },
  { schema: sdl('./support/schema.graphql'), resolvers: supportResolvers },
  { schema: sdl('./newsletters/schema.graphql'), resolvers: newsletterResolvers },
  { schema: sdl('./immunizations/schema.graphql'), resolvers: immunizationResolvers },
  { schema: sdl('./backups/schema.graphql'), resolvers: backupResolvers },
  { schema: sdl('./statistics/schema.graphql'), resolvers: statisticsResolvers },
  { schema: sdl('./demo-requests/schema.graphql'), resolvers: demoRequestResolvers },
  { schema: sdl('./center-billing/schema.graphql'), resolvers: centerBillingResolvers },
  { schema: sdl('./signup/schema.graphql'), resolvers: signupResolvers },
  { schema: sdl('./customer-websites/schema.graphql'), resolvers: customerWebsiteResolvers },
  { schema: sdl('./utilities/schema.graphql'), resolvers: utilityResolvers },
  { schema: sdl('./api-groups/schema.graphql'), resolvers: apiGroupResolvers },
];

export const schema = [sdl('../graphql/base.graphql'), ...modules.map((m) => m.schema)].join('\n');

/** Every module's resolvers merged by type, as Mercurius takes them. */
export const resolvers: Record<string, object> = { DateTime, Query: {}, Mutation: {} };
for (const m of modules) {
  for (const [type, fields] of Object.entries(m.resolvers)) resolvers[type] = { ...resolvers[type], ...fields };
}

export const loaders = { ...migrationLoaders };
