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

const documents = import.meta.glob<Record<string, unknown>>(['./**/api/*.ts', '!./**/*.test.ts'], { eager: true });

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
    return [{ file, name, document, app: /\/features\/(operator|signup)\//.test(file) ? 'control-plane' : 'tenant-api' }];
  }),
);

const sources = import.meta.glob<string>(['./**/api/*.ts', '!./**/*.test.ts', '!./graphql/generated/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const KIND = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/**
 * Each operation's result and variables types are the ones `npm run codegen` generated for it
 * (graphql/generated): `gql<AuthMeQuery, AuthMeQueryVariables>` on `query AuthMe`, or the same
 * pair in `as GraphqlDocument<…>` for the text lib/graphql-post sends (either may come through a
 * namespace import, `gql<G.AuthMeQuery, …>`). A generated name clashing
 * with the document's own export is imported as `…Result`.
 */
function typedOperations(source: string) {
  const found: { operation: string; result: string; variables: string }[] = [];
  const typed = /gql<\s*(?:\w+\.)?(\w+),\s*(?:\w+\.)?(\w+),?\s*>`\s*(query|mutation|subscription)\s+(\w+)/g;
  for (const m of source.matchAll(typed))
    found.push({ operation: m[4]! + KIND[m[3] as keyof typeof KIND], result: m[1]!, variables: m[2]! });
  const text = /=\s*`\s*(query|mutation|subscription)\s+(\w+)[^`]*`\s*as\s+GraphqlDocument<\s*(?:\w+\.)?(\w+),\s*(?:\w+\.)?(\w+),?\s*>/g;
  for (const m of source.matchAll(text))
    found.push({ operation: m[2]! + KIND[m[1] as keyof typeof KIND], result: m[3]!, variables: m[4]! });
  return found;
}

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

  it.each(Object.entries(sources))('%s types each operation with its generated types', (_file, source) => {
    const operations = [...source.matchAll(/^\s*(query|mutation|subscription)\s+\w+/gm)].length;
    const typed = typedOperations(source);
    expect(typed).toHaveLength(operations);
    for (const t of typed) {
      expect([t.operation, `${t.operation}Result`]).toContain(t.result);
      expect(t.variables).toBe(`${t.operation}Variables`);
    }
  });

  it('names every operation uniquely', () => {
    const names = operations.flatMap((o) =>
      o.document.definitions.flatMap((d) => (d.kind === 'OperationDefinition' && d.name ? [d.name.value] : [])),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
