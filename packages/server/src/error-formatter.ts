import { GraphQLError, type ExecutionResult } from 'graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, BadRequestError, CommonError, isDatabaseUnavailable } from './errors.ts';
import { noteErrorCodes, requestLogFields, type DescribeRequest } from './logging.ts';
import { prefersGraphqlResponse, GRAPHQL_RESPONSE_TYPE } from './graphql-media-type.ts';

const SUGGESTION = /\s*Did you mean[^?]*\?/g;

/** A document the server refused before running it: syntax, validation, limits. */
export const VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';
/** The HTTP request itself is unusable: bad JSON, wrong parameters, media type, size. */
export const BAD_REQUEST = 'BAD_REQUEST';

interface FormatterOptions {
  production: boolean;
  /** The centre and user of a request, for the line logged with each INTERNAL error. */
  describe?: DescribeRequest;
}

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

type AnyError = Error & {
  errors?: unknown[];
  extensions?: Record<string, unknown>;
  statusCode?: number;
  code?: string;
  originalError?: AnyError;
  path?: unknown;
  locations?: unknown;
};

/** An error with where it was found: inside Mercurius' wrapper for errors about the request itself. */
interface Found {
  error: AnyError;
  /** Raised while Mercurius checked the request, its document or its variables: before any resolver. */
  beforeExecution: boolean;
}

/**
 * Mercurius wraps the failures it finds before execution (document validation, the depth limit,
 * variable coercion, the body's shape) in one MER_ERR_GQL_VALIDATION carrying a list.
 */
function flatten(err: AnyError, beforeExecution = false): Found[] {
  for (const holder of [err.originalError, err]) {
    if (holder && Array.isArray(holder.errors) && holder.errors.length) {
      const wrapper = holder.code === 'MER_ERR_GQL_VALIDATION';
      return (holder.errors as AnyError[]).flatMap((e) => flatten(e, beforeExecution || wrapper));
    }
  }
  return [{ error: err, beforeExecution }];
}

const QUERY_DEPTH = 'MER_ERR_GQL_QUERY_DEPTH';
/** Mercurius and Fastify errors about the HTTP request (4xx): bad JSON, parameters, media type, CSRF, size. */
const isRequestFailure = (e: AnyError | undefined) =>
  e instanceof BadRequestError ||
  Boolean(e?.code && /^(MER_ERR_|FST_)/.test(e.code) && e.code !== QUERY_DEPTH && (e.statusCode ?? 500) < 500);

/** `Variable "$users" got invalid value "6" at "users[0]"; …` → users[0]; `Argument "id" of …` → id. */
const VARIABLE = /^Variable "\$([^"]+)"(?:[^;]*? at "([^"]+)")?/;
const ARGUMENT = /^Argument "([^"]+)"/;

interface Answer {
  message: string;
  path?: unknown;
  locations?: unknown;
  extensions: Record<string, unknown>;
}

/**
 * Mercurius error formatter. Errors found before execution are the client's: a variable that
 * does not fit its type is BAD_USER_INPUT naming the variable, anything else about the document
 * GRAPHQL_VALIDATION_FAILED, a malformed HTTP request BAD_REQUEST; AppErrors pass with their code.
 * Whatever else escapes a resolver is logged with its cause and answered "Internal error" with
 * the request id (no SQL, stack or path ever leaks).
 *
 * Status and media type follow GraphQL over HTTP: a client accepting
 * `application/graphql-response+json` gets it, with 400 and no `data` for a request error; an
 * `application/json` client gets 200 for those, as that media type asks.
 */
export function createErrorFormatter({ production, describe }: FormatterOptions) {
  return (execution: ExecutionResult & { errors: readonly GraphQLError[] }, ctx: { reply?: FastifyReply; app?: { log: Log } }) => {
    const reply = ctx?.reply;
    const request: FastifyRequest | undefined = reply?.request;
    const log: Log | undefined = reply?.log ?? ctx?.app?.log;
    const graphqlResponse = prefersGraphqlResponse(request?.headers.accept);
    if (graphqlResponse && reply) reply.type(GRAPHQL_RESPONSE_TYPE);

    const noData = !execution.data || Object.values(execution.data).every((v) => v === null);
    let statusCode: number = execution.data ? 200 : ((execution as { statusCode?: number }).statusCode ?? 200);
    const setStatus = (code: number) => {
      if (noData) statusCode = code;
    };
    let requestErrorsOnly = true;

    const answer = ({ error: e, beforeExecution }: Found): Answer => {
      const orig = e.originalError;
      if (orig instanceof AppError || e instanceof AppError) {
        requestErrorsOnly = false;
        const app = (orig instanceof AppError ? orig : e) as AppError;
        if (app.statusCode && app.statusCode !== 200) setStatus(app.statusCode);
        return { message: app.message, path: e.path, extensions: app.extensions as Record<string, unknown> };
      }
      const failure = isRequestFailure(orig) ? orig! : isRequestFailure(e) ? e : undefined;
      if (failure) {
        requestErrorsOnly = false;
        setStatus(failure.statusCode!);
        return { message: failure.message, extensions: { code: BAD_REQUEST } };
      }
      // Before execution, or without a path and not thrown by our code (a hook or the context): the document's fault.
      if (beforeExecution || e.code === QUERY_DEPTH || (!e.path && (!orig || orig instanceof GraphQLError))) {
        const message = (production ? e.message.replace(SUGGESTION, '') : e.message).replace(/^`(.*)`$/s, '$1');
        const variable = VARIABLE.exec(message);
        if (variable)
          return { message, locations: e.locations, extensions: { code: CommonError.BadUserInput, field: variable[2] ?? variable[1] } };
        return { message, locations: e.locations, extensions: { code: VALIDATION_FAILED } };
      }
      requestErrorsOnly = false;
      // graphql-js checks a field's arguments as it runs it (`@include(if: $x)` with a null `$x`, a
      // variable with a default sent as null into a non-null argument).
      const argument = orig instanceof GraphQLError && !(orig.originalError instanceof Error) ? ARGUMENT.exec(e.message) : null;
      if (argument)
        return {
          message: e.message,
          path: e.path,
          locations: e.locations,
          extensions: { code: CommonError.BadUserInput, field: argument[1] },
        };
      if (isDatabaseUnavailable(orig ?? e)) {
        setStatus(503);
        log?.warn({ err: orig ?? e, ...requestLogFields(request, describe) }, 'centre database unavailable');
        return {
          message: 'This centre is temporarily unavailable. Please try again shortly.',
          path: e.path,
          extensions: { code: CommonError.CentreUnavailable },
        };
      }
      log?.error({ err: orig ?? e, path: e.path, ...requestLogFields(request, describe) }, 'internal error');
      return { message: 'Internal error', path: e.path, extensions: { code: CommonError.Internal, requestId: request?.id } };
    };

    const errors = (execution.errors as unknown as AnyError[]).flatMap((error) => flatten(error)).map(answer);
    if (request)
      noteErrorCodes(
        request,
        errors.map((e) => String(e.extensions.code)),
      );
    // GraphQL over HTTP: a refused document or variables answer 400 with the GraphQL response media type, 200 with application/json.
    if (requestErrorsOnly && !execution.data) setStatus(graphqlResponse ? 400 : 200);
    // No `data` entry when nothing was executed (the request failed before execution).
    if (execution.data === undefined) return { statusCode, response: { errors } };
    return { statusCode, response: { data: execution.data, errors } };
  };
}
