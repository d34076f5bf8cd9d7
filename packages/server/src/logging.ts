import { randomBytes } from 'node:crypto';
import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };
import pretty from 'pino-pretty';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Never written to a log, wherever they sit: credentials in headers, and any field of a logged
 * object (or of one nested in it) named like a secret.
 */
const SECRET_KEYS = [
  'password',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'pin',
  'secret',
  'authorization',
  'cookie',
];
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'variables',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export interface LoggerOptions {
  /** pino level; default `LOG_LEVEL`, else `warn`. */
  level?: string;
  /** Human-readable lines (pino-pretty) instead of JSON; default: when stdout is a terminal. */
  pretty?: boolean;
}

/** Reads a level name, refusing a misspelt LOG_LEVEL at start-up rather than logging nothing. */
export function logLevel(value: string | undefined, fallback: LevelWithSilent = 'warn'): LevelWithSilent {
  if (!value) return fallback;
  const level = value.trim().toLowerCase() as LevelWithSilent;
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${value}").`);
  return level;
}

/** The servers' logger: structured JSON, secrets redacted; pretty in a terminal. */
export function createLogger(opts: LoggerOptions = {}): Logger {
  const level = logLevel(opts.level ?? process.env.LOG_LEVEL);
  const options = { level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } };
  const usePretty = opts.pretty ?? Boolean(process.stdout.isTTY);
  if (!usePretty) return pino(options);
  return pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
}

/** Who and what a request concerns, for its log lines; each app knows where its centre and user are. */
export interface RequestFacts {
  centreId?: string | null;
  userId?: string | null;
}
export type DescribeRequest = (request: FastifyRequest) => RequestFacts;

const OPERATION = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** A GraphQL body's operation name: `operationName`, else the name of its document's first operation. */
export function operationNameOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { operationName, query } = body as { operationName?: unknown; query?: unknown };
  if (typeof operationName === 'string' && operationName) return operationName.slice(0, 100);
  if (typeof query === 'string') return OPERATION.exec(query.slice(0, 500))?.[1];
  return undefined;
}

/** The fields every line about a request carries (the request id is the logger's own binding). */
export function requestLogFields(request: FastifyRequest | undefined, describe?: DescribeRequest): Record<string, unknown> {
  if (!request) return {};
  const facts = describe?.(request) ?? {};
  return { centreId: facts.centreId ?? undefined, userId: facts.userId ?? undefined, operation: operationNameOf(request.body) };
}

const errorCodes = new WeakMap<FastifyRequest, string[]>();

/** The error formatter notes the codes it answered, for the request's log line. */
export function noteErrorCodes(request: FastifyRequest, codes: string[]): void {
  errorCodes.set(request, codes);
}

/**
 * Fastify's request lines, replaced by one `info` line per answered request: centre, user,
 * operation, status, outcome, error codes, duration (no "incoming request" line). Fastify calls it
 * for every request; below `info` it returns after one level check.
 */
class RequestLog extends LogController {
  private readonly describe?: DescribeRequest;

  constructor(describe?: DescribeRequest) {
    super({ requestIdLogLabel: 'requestId' });
    this.describe = describe;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, ...requestLogFields(request, this.describe) }, 'response failed');
      return;
    }
    if (!(reply.log as Partial<Logger>).isLevelEnabled?.('info')) return;
    const status = reply.statusCode;
    const codes = errorCodes.get(request);
    const outcome = status >= 500 || codes?.includes('INTERNAL') ? 'failed' : codes?.length || status >= 400 ? 'refused' : 'ok';
    reply.log.info(
      {
        ...requestLogFields(request, this.describe),
        method: request.method,
        url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url,
        status,
        outcome,
        codes,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}

/**
 * Fastify options shared by both apps: the logger (or none), the request line above, and request
 * ids unique across processes and restarts (`<boot tag>-<counter>`, as cheap as Fastify's
 * counter), logged as `requestId` and answered with every INTERNAL error.
 */
export function serverLogOptions(log?: FastifyBaseLogger, describe?: DescribeRequest) {
  const tag = randomBytes(4).toString('hex');
  let n = 0;
  return {
    ...(log ? { loggerInstance: log } : { logger: false as const }),
    logController: new RequestLog(describe),
    genReqId: () => `${tag}-${(++n).toString(36)}`,
  };
}
