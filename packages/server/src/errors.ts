import mercurius from 'mercurius';
import type { ExecutionResult, GraphQLError } from 'graphql';

/** Codes every area may use; areas add their own (`<AREA>_<REASON>`) in their errors.ts. */
export const CommonError = {
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  BadUserInput: 'BAD_USER_INPUT',
  Throttled: 'THROTTLED',
  CentreUnavailable: 'CENTRE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;

/**
 * An error made on purpose: its message and extensions reach the client. Anything else that
 * escapes a resolver is replaced by "Internal error" (no SQL, stack or path ever leaks).
 */
export class AppError extends mercurius.ErrorWithProps {
  readonly code: string;
  constructor(code: string, message: string, extra: Record<string, unknown> = {}, statusCode = 200) {
    super(message, { code, ...extra }, statusCode);
    this.code = code;
  }
}

export function badInput(field: string, message: string): AppError {
  return new AppError(CommonError.BadUserInput, message, { field });
}

export function forbidden(message = 'You are not allowed to do this.'): AppError {
  return new AppError(CommonError.Forbidden, message);
}

export function notFound(message = 'Not found.'): AppError {
  return new AppError(CommonError.NotFound, message);
}

/** Connection-level failures of a centre's database: the centre answers 503, nobody else notices. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  '3D000',
  '57P01',
  '57P03',
  '53300',
  '08006',
  '08001',
  '08003',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && /Connection terminated|connect ECONNREFUSED/.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

const SUGGESTION = /\s*Did you mean[^?]*\?/g;

interface FormatterOptions {
  production: boolean;
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

/** Mercurius wraps some failures (validation, CSRF, bad bodies) in one error carrying a list. */
function flatten(err: AnyError, onStatus: (code: number) => void): AnyError[] {
  for (const holder of [err.originalError, err]) {
    if (holder?.statusCode && holder.statusCode >= 400) onStatus(holder.statusCode);
    if (holder && Array.isArray(holder.errors) && holder.errors.length)
      return (holder.errors as AnyError[]).flatMap((e) => flatten(e, onStatus));
  }
  return [err];
}

const isFrameworkError = (e: AnyError | undefined) => Boolean(e?.code && /^(MER_ERR_|FST_)/.test(e.code) && (e.statusCode ?? 500) < 500);

/** Mercurius error formatter: passes AppErrors and request/validation errors, masks the rest. */
export function createErrorFormatter({ production }: FormatterOptions) {
  return (
    execution: ExecutionResult & { errors: readonly GraphQLError[] },
    ctx: { reply?: { log: Log; request?: { id: string } }; app?: { log: Log } },
  ) => {
    const log: Log | undefined = ctx?.reply?.log ?? ctx?.app?.log;
    const noData = !execution.data || Object.values(execution.data).every((v) => v === null);
    let statusCode: number = execution.data ? 200 : ((execution as { statusCode?: number }).statusCode ?? 200);
    const setStatus = (code: number) => {
      if (noData) statusCode = code;
    };
    const errors = (execution.errors as unknown as AnyError[]).flatMap((error) =>
      flatten(error, setStatus).map((e) => {
        const orig = e.originalError;
        if (orig instanceof AppError || e instanceof AppError) {
          const app = (orig instanceof AppError ? orig : e) as AppError;
          if (app.statusCode && app.statusCode !== 200) setStatus(app.statusCode);
          return { message: app.message, path: e.path, extensions: app.extensions };
        }
        if (isFrameworkError(orig) || isFrameworkError(e)) {
          const f = (isFrameworkError(orig) ? orig : e)!;
          setStatus(f.statusCode!);
          return { message: f.message, extensions: { code: 'BAD_REQUEST' } };
        }
        if (!orig && !e.path) {
          // Syntax or validation error about the document itself.
          const message = production ? e.message.replace(SUGGESTION, '') : e.message;
          return { message, locations: e.locations, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
        }
        if (isDatabaseUnavailable(orig ?? e)) {
          setStatus(503);
          log?.warn({ err: orig ?? e }, 'centre database unavailable');
          return {
            message: 'This centre is temporarily unavailable. Please try again shortly.',
            path: e.path,
            extensions: { code: CommonError.CentreUnavailable },
          };
        }
        log?.error({ err: orig ?? e }, 'unexpected resolver error');
        return { message: 'Internal error', path: e.path, extensions: { code: CommonError.Internal, requestId: ctx?.reply?.request?.id } };
      }),
    );
    return { statusCode, response: { data: execution.data ?? null, errors } };
  };
}
