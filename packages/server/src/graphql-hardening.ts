import {
  GraphQLError,
  Location,
  NoSchemaIntrospectionCustomRule,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type ValidationContext,
  type ValidationRule,
  type SelectionSetNode,
  type FragmentDefinitionNode,
  type ValueNode,
} from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isUnderPath } from './http-hardening.ts';
import { BadRequestError } from './errors.ts';
import { GRAPHQL_RESPONSE_TYPE, prefersGraphqlResponse } from './graphql-media-type.ts';

export const GRAPHQL_LIMITS = {
  depth: 10,
  aliases: 15,
  // Static cost (graphql-armor: depth-weighted field count, not rows). A form's option lists
  // (locations, tags, allergies, medications, relationships) with urql's __typename cost ~5,800.
  cost: 10000,
  tokens: 2000,
} as const;

/**
 * Limits every document must pass before any resolver runs: depth, aliases, cost and token
 * count; introspection off in production (the SPA ships its documents, nobody needs the schema).
 */
export function hardenedGraphqlOptions({ production }: { production: boolean }) {
  const rules: ValidationRule[] = [
    maxAliasesRule({ n: GRAPHQL_LIMITS.aliases }) as unknown as ValidationRule,
    costLimitRule({ maxCost: GRAPHQL_LIMITS.cost }) as unknown as ValidationRule,
    noNulCharactersRule,
  ];
  if (production) rules.push(NoSchemaIntrospectionCustomRule);
  return {
    jit: 1,
    queryDepth: GRAPHQL_LIMITS.depth,
    allowBatchedQueries: false,
    graphiql: false,
    validationRules: rules,
    // JSON bodies or a preflight-forcing header; the WebSocket upgrade (which browsers never let a
    // page forge, and which carries no credentials: the token comes in connection_init) passes too.
    csrfPrevention: {
      allowedContentTypes: ['application/json', 'application/graphql'] as string[],
      requiredHeaders: ['x-mercurius-operation-name', 'mercurius-require-preflight', 'upgrade'] as string[],
    },
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
    additionalRouteOptions: { preValidation: checkParameters, preHandler: answerMediaType },
  } as const;
}

const isMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The parameters' types, as GraphQL over HTTP sets them, checked before Mercurius' body schema
 * coerces them (a number `query` would become the text "1"): a wrong type is a 400. A null
 * `extensions` is allowed, as null `variables` and `operationName` are; the schema wants an object.
 */
function checkParameters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const body = request.body as Record<string, unknown> | undefined;
  if (!isMap(body)) return done();
  const wrong =
    body!.query !== undefined && typeof body!.query !== 'string'
      ? 'query must be a string'
      : body!.operationName != null && typeof body!.operationName !== 'string'
        ? 'operationName must be a string or null'
        : body!.variables != null && !isMap(body!.variables)
          ? 'variables must be a map or null'
          : body!.extensions != null && !isMap(body!.extensions)
            ? 'extensions must be a map or null'
            : null;
  if (wrong) return done(new BadRequestError(`body/${wrong}`));
  if (body!.extensions === null) delete body!.extensions;
  done();
}

/** A client that accepts `application/graphql-response+json` gets it (the error formatter does the same for errors). */
function answerMediaType(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (prefersGraphqlResponse(request.headers.accept)) reply.type(GRAPHQL_RESPONSE_TYPE);
  done();
}

/**
 * /graphql answers POST only: GET leaks queries into logs and referrers, and other methods mean
 * nothing here; both get a typed 405. (`apiSecurityHeaders` keep answers out of caches.)
 */
export function guardGraphqlRoute(app: FastifyInstance, path = '/graphql'): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The WebSocket upgrade for subscriptions is a GET too; plain GET queries are refused.
    if (request.method === 'POST' || !isUnderPath(request.url, path) || request.headers.upgrade?.toLowerCase() === 'websocket')
      return done();
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ errors: [{ message: 'Use POST for GraphQL.', extensions: { code: 'METHOD_NOT_ALLOWED' } }] });
  });
}

const NUL = '\u0000';
const NUL_MESSAGE = 'text may not contain the NUL character (\\u0000).';

/** No text a database can store holds U+0000 (PostgreSQL refuses it): refused in the document… */
function noNulCharactersRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes(NUL)) context.reportError(new GraphQLError(`String value: ${NUL_MESSAGE}`, { nodes: node }));
    },
  };
}

/** …and in the variables, naming where: `users[0].fname`. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    const found = nulPath((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Checks run on every HTTP operation before the apps' own hooks: the document is GraphQL text
 * (Mercurius takes a query that is not GraphQL but parses as JSON for a ready-made syntax tree,
 * which would skip the token limit and can be any shape), no NUL character in the variables, and
 * no subscription (they are served over WebSocket; over POST graphql-js would run the subscription
 * field as a query and fail on its missing resolver). All are request errors (the error formatter
 * answers them as such), raised before any throttle is charged.
 */
export function guardGraphqlExecution(app: FastifyInstance): void {
  // Runs once per distinct document (Mercurius caches parsed and validated documents).
  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!((document as { loc?: unknown } | null)?.loc instanceof Location))
      throw new GraphQLError('Syntax Error: the query must be a GraphQL document.');
  });
  app.graphql.addHook('preExecution', async (_schema, document, _context, variables) => {
    for (const def of document.definitions) {
      if (def.kind === Kind.OPERATION_DEFINITION && def.operation === 'subscription')
        throw new GraphQLError('Subscriptions are served over WebSocket (graphql-transport-ws), not over HTTP POST.');
    }
    if (!variables) return;
    for (const name in variables) {
      const path = nulPath(variables[name], name);
      if (path) throw new GraphQLError(`Variable "$${name}" got invalid value at "${path}"; ${NUL_MESSAGE}`);
    }
  });
}

/** One occurrence of a root field in a document, with its arguments that are plain strings. */
export interface RootFieldOccurrence {
  name: string;
  /** String arguments, literal or from the variables; other arguments are left out. */
  args: Record<string, string>;
}

/**
 * Every occurrence of the named root fields in a document, across aliases and fragments, so a
 * throttle can charge `login` once per occurrence however the document is shaped (GraphQL merges
 * identical fields into one call: they still count once each here).
 */
export function rootFieldOccurrences(
  document: DocumentNode,
  names: ReadonlySet<string>,
  variables?: Record<string, unknown> | null,
  operationName?: string | null,
): RootFieldOccurrence[] {
  const found: RootFieldOccurrence[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const text = (v: ValueNode): string | undefined => {
    if (v.kind === Kind.STRING) return v.value;
    if (v.kind !== Kind.VARIABLE) return undefined;
    const value = variables?.[v.name.value];
    return typeof value === 'string' ? value : undefined;
  };
  const walk = (set: SelectionSetNode, seen: Set<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!names.has(sel.name.value)) continue;
        const args: Record<string, string> = {};
        for (const a of sel.arguments ?? []) {
          const value = text(a.value);
          if (value !== undefined) args[a.name.value] = value;
        }
        found.push({ name: sel.name.value, args });
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, seen);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
        const frag = fragments.get(sel.name.value);
        if (frag) walk(frag.selectionSet, new Set([...seen, sel.name.value]));
      }
    }
  };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName && def.name?.value !== operationName) continue;
    walk(def.selectionSet, new Set());
  }
  return found;
}

/** How many times each named root field occurs in a document (see `rootFieldOccurrences`). */
export function countRootFields(document: DocumentNode, names: ReadonlySet<string>, operationName?: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { name } of rootFieldOccurrences(document, names, undefined, operationName)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
