import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, type DomainErrorKind } from '../common/domain-error.js';
import { ConcurrencyConflictError } from '../event-store/concurrency-conflict.error.js';
import { errorBody, isGatewayPath } from '../gateway/openai-wire.js';
import { TooManyRequestsException } from './too-many-requests.js';

const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  'too-many-requests': HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  'upstream-failed': HttpStatus.BAD_GATEWAY,
  'upstream-timeout': HttpStatus.GATEWAY_TIMEOUT,
  // Answered with the upstream's own status when it gave one (see domainErrorStatus).
  'upstream-refused': HttpStatus.BAD_REQUEST,
};

/**
 * Errors the body parser raises before a route runs; a client's mistake, never a 500.
 * Those of a body that cannot be decompressed come from zlib, with no type.
 */
interface BodyParserError {
  type?: string;
  status: number;
  limit?: number;
}

/**
 * Every failure answers `{ success: false, error }` with the status that fits it; on the
 * OpenAI-compatible gateway's paths, OpenAI's error shape, also for a request refused
 * before it reaches the gateway (a body that cannot be read, an unknown path).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, error, details } = describeException(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    setRetryAfter(response, exception);
    if (isGatewayPath(http.getRequest<Request>().path)) {
      response.status(status).json(errorBody(status, error));
      return;
    }
    response.status(status).json({ success: false, error, ...(details && { details }) });
  }
}

/** Every 429 says, in seconds, when to try again. */
export function setRetryAfter(response: Response, exception: unknown): void {
  const seconds = retryAfterOf(exception);
  if (seconds !== undefined) response.setHeader('Retry-After', seconds);
}

/** The whole seconds a refusal asks its caller to wait, if it asks: waiting less would only be refused again. */
export function retryAfterOf(exception: unknown): number | undefined {
  if (exception instanceof TooManyRequestsException) return exception.retryAfterSeconds;
  if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
    return Math.max(1, Math.ceil(exception.retryAfterSeconds));
  }
  return undefined;
}

/** The status and message a failure answers with, whatever shape the response body takes. */
export function describeException(exception: unknown): { status: number; error: string; details?: string[] } {
  if (exception instanceof DomainError) return { status: domainErrorStatus(exception), error: exception.message };
  if (exception instanceof ConcurrencyConflictError) return { status: HttpStatus.CONFLICT, error: exception.message };
  // Nest wraps the body parser's errors; their type tells a client's mistake precisely.
  const cause = exception instanceof HttpException ? exception.cause : exception;
  if (isBodyParserError(cause)) return describeBodyParserError(cause);
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const messages = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body;
    const list = (Array.isArray(messages) ? messages : [messages ?? exception.message]).map(String);
    return { status: exception.getStatus(), error: list[0]!, ...(list.length > 1 && { details: list }) };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, error: 'Internal server error' };
}

/** A request the upstream refused keeps its status: the caller reads the same refusal it would have had there. */
function domainErrorStatus(error: DomainError): number {
  if (error.kind === 'upstream-refused' && error.upstreamStatus !== undefined) return error.upstreamStatus;
  return DOMAIN_ERROR_STATUS[error.kind];
}

function isBodyParserError(value: unknown): value is BodyParserError {
  if (!(value instanceof Error) || !('status' in value)) return false;
  return typeof (value as BodyParserError).type === 'string' || ZLIB_ERROR_CODE.test(String(errorCode(value)));
}

/** zlib's error codes (`Z_DATA_ERROR`) and its Brotli decoder's (`ERR__ERROR_FORMAT_PADDING_2`). */
const ZLIB_ERROR_CODE = /^(Z_|ERR__ERROR_)/;
const errorCode = (error: Error) => (error as Error & { code?: unknown }).code;

function describeBodyParserError(error: BodyParserError): { status: number; error: string } {
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: HttpStatus.BAD_REQUEST, error: 'Malformed JSON in request body' };
    case 'entity.too.large':
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, error: `Request body is too large (limit ${error.limit} bytes)` };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, error: 'Unsupported request body encoding' };
    case undefined:
      return { status: HttpStatus.BAD_REQUEST, error: 'The request body could not be decompressed' };
    default:
      return {
        status: error.status >= 400 && error.status < 500 ? error.status : HttpStatus.BAD_REQUEST,
        error: 'Invalid request body',
      };
  }
}
