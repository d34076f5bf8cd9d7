import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildASTSchema, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * Every GraphQL document the SPA sends is checked against the servers' SDL files: a renamed field
 * or argument on either server fails here rather than in a browser.
 */
const repo = fileURLToPath(new URL('../../../', import.meta.url));

function sdlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sdlFiles(path);
    return name.endsWith('.graphql') ? [path] : [];
  });
}

function schemaOf(app: string): GraphQLSchema {
  const files = sdlFiles(join(repo, 'apps', app, 'src'));
  const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
  // Module files extend the roots (Query, Mutation, Subscription…); declare any root no base file declares.
  const extended = new Set([...text.matchAll(/^extend type (\w+)/gm)].map((m) => m[1]!));
  const declared = (name: string) => new RegExp(`^type ${name}\\b`, 'm').test(text);
  const roots = [
    ...[...extended].filter((name) => !declared(name)).map((name) => `type ${name}`),
    declared('Notice') ? '' : 'type Notice { status: Boolean! message: String! color: String! }',
  ].join('\n');
  return buildASTSchema(parse(`${roots}\n${text}`), { assumeValidSDL: false });
}

const documents = import.meta.glob<Record<string, unknown>>('./features/*/api/*.ts', { eager: true });

/** urql documents, and the plain-text operations posted without urql (lib/graphql-post). */
function asDocument(value: unknown): DocumentNode | null {
  if (typeof value === 'object' && value !== null && (value as DocumentNode).kind === 'Document') return value as DocumentNode;
  if (typeof value === 'string' && /^\s*(query|mutation|subscription)\b/.test(value)) return parse(value);
  return null;
}

const operations = Object.entries(documents).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => {
    const document = asDocument(value);
    if (!document?.definitions.some((d) => d.kind === 'OperationDefinition')) return [];
    return [{ file, name, document, app: file.includes('/operator/') ? 'control-plane' : 'tenant-api' }];
  }),
);

describe('GraphQL documents', () => {
  const schemas = { 'tenant-api': schemaOf('tenant-api'), 'control-plane': schemaOf('control-plane') };

  it('finds the documents', () => {
    expect(operations.length).toBeGreaterThan(30);
    const names = operations.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['LOGIN_DOCUMENT', 'REFRESH_TOKEN_DOCUMENT', 'CENTRE_THEME_DOCUMENT']));
  });

  it.each(operations.map((o) => [`${o.file} ${o.name}`, o] as const))('%s is valid against its server', (_label, operation) => {
    const errors = validate(schemas[operation.app as keyof typeof schemas], operation.document);
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('names every operation uniquely', () => {
    const names = operations.flatMap((o) =>
      o.document.definitions.flatMap((d) => (d.kind === 'OperationDefinition' && d.name ? [d.name.value] : [])),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
