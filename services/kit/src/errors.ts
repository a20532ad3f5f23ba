/** One error type that carries the HTTP status and the body of ARCHITECTURE §6: {message, code?, upgradeRequired?, ...}. */
import { type ZodError } from 'zod';

export type ErrorExtras = Record<string, unknown>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): Record<string, unknown> {
    return { ...this.extras, message: this.message, ...(this.code ? { code: this.code } : {}) };
  }
}

export const errors = {
  validation: (message: string, fields: Record<string, string> = {}) =>
    new AppError(400, message, 'VALIDATION_ERROR', { fields }),
  unauthorized: (code: 'NO_AUTH' | 'NO_SESSION' | 'USER_NOT_FOUND' | 'INVALID_CREDENTIALS', message: string) =>
    new AppError(401, message, code),
  forbidden: (message: string, code?: string, extras?: ErrorExtras) => new AppError(403, message, code, extras),
  notFound: (message = 'Not found') => new AppError(404, message, 'NOT_FOUND'),
  conflict: (message: string, code = 'CONFLICT') => new AppError(409, message, code),
  tooLarge: (message = 'Request body too large') => new AppError(413, message, 'PAYLOAD_TOO_LARGE'),
  unsupportedMedia: (message: string) => new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE'),
  tooManyRequests: (message: string, retryAfterSec?: number) =>
    new AppError(429, message, 'RATE_LIMITED', retryAfterSec ? { retryAfter: retryAfterSec } : {}),
  unavailable: (message = 'Service unavailable') => new AppError(503, message, 'UNAVAILABLE'),
};

/** What a client is told to wait (Retry-After) when a dependency is down for a moment. */
export const RETRY_AFTER_UNAVAILABLE_SEC = 5;

export const DEPENDENCY_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/** PostgreSQL SQLSTATEs of a server that is not there or going away: connection exceptions, shutdowns, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08\d\d\d|57P0[1-3]|53300)$/;
/** Socket errors of a dependency that does not answer (the database, the bus, another service). */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** Messages node-postgres, its pool and PGlite throw without a code when the connection is gone. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed and is not queryable|PGlite is closed/i;

/**
 * True when the error (or what it wraps: drizzle puts the driver's error in `cause`) says a dependency could
 * not be reached, which a retry a little later may fix, rather than that the request itself was wrong.
 */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors: inner } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(inner) && inner.some((each) => isUnavailableError(each, depth + 1))) return true;
  return isUnavailableError(cause, depth + 1);
}

/** A zod failure becomes 400 VALIDATION_ERROR; the first issue's message is the headline. */
export function fromZodError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return errors.validation(first, fields);
}

/** Parses untrusted input with a schema or throws the 400 above. */
export function parseOrThrow<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } }, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
